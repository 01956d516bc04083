import { fork, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Config } from '../src/config.js';
import type { EngineStats } from '../src/db/Database.js';
import type { StartupTimes } from '../src/startRelayer.js';
import type { BenchCommand } from './serverProcess.js';

export interface BenchServerOptions {
  config: Config;
  trackPublish?: boolean;
  /** Serve the open book from the read model (default) or, false, every page from the database. */
  readModel?: boolean;
  /** Write a V8 CPU profile of the server process into this directory. */
  profileDir?: string;
  /**
   * Run the prebuilt JavaScript bundle of the server process (scripts/bundle.mjs; made current first,
   * before the fork), as production runs the relayer, instead of its TypeScript through tsx (which
   * wraps every named closure in `__name` as it is made: a cost production does not have). Default: the
   * bundle, unless BENCH_VIA=tsx (`bench/run.ts --via=tsx`).
   */
  bundle?: boolean;
}

/** The bundle of serverProcess.ts, rebuilt first when any of its sources changed. */
let bundled: URL | undefined;
export function benchServerBundle(): URL {
  if (bundled) return bundled;
  const script = fileURLToPath(new URL('../../../scripts/bundle.mjs', import.meta.url));
  const built = spawnSync(process.execPath, [script, 'benchServer'], { stdio: 'inherit' });
  if (built.status !== 0)
    throw new Error(`bundling the bench server failed (${built.status ?? built.signal})`);
  bundled = new URL('../dist/benchServer.mjs', import.meta.url);
  return bundled;
}

/** Forks `serverProcess.ts`, starts the relayer in it and returns its address and an IPC client. */
export async function startBenchServer(options: BenchServerOptions) {
  const bundle = options.bundle ?? process.env.BENCH_VIA !== 'tsx';
  const module = bundle ? benchServerBundle() : new URL('./serverProcess.ts', import.meta.url);
  // BENCH_SERVER_ARGS: more Node flags for the relayer process only (e.g. --trace-gc).
  const execArgv = [
    ...(bundle ? ['--expose-gc'] : ['--import', 'tsx', '--expose-gc']),
    ...(process.env.BENCH_SERVER_ARGS?.split(' ') ?? []),
  ];
  if (options.profileDir) {
    mkdirSync(options.profileDir, { recursive: true });
    execArgv.push('--cpu-prof', `--cpu-prof-dir=${options.profileDir}`);
    // A finer sampling interval (µs) for short windows, e.g. BENCH_PROFILE_INTERVAL=200.
    const interval = process.env.BENCH_PROFILE_INTERVAL;
    if (interval) execArgv.push(`--cpu-prof-interval=${Number(interval)}`);
  }
  const child = fork(module, [], {
    execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const published = new Map<string, bigint>();
  const fannedOut = new Map<string, bigint>();
  let nextId = 1;
  child.on(
    'message',
    (message: {
      id?: number;
      ok?: boolean;
      result?: unknown;
      error?: string;
      event?: string;
      salt?: string;
      at?: string;
    }) => {
      if (message.event && message.salt && message.at) {
        (message.event === 'published' ? published : fannedOut).set(message.salt, BigInt(message.at));
        return;
      }
      const waiter = message.id === undefined ? undefined : pending.get(message.id);
      if (!waiter || message.id === undefined) return;
      pending.delete(message.id);
      if (message.ok) waiter.resolve(message.result);
      else waiter.reject(new Error(message.error));
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', (code) => {
    for (const waiter of pending.values()) waiter.reject(new Error(`bench server exited (${code})`));
  });

  const call = <T>(command: BenchCommand) =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      child.send({ id, command });
    });

  const started = await call<{
    port: number;
    startRelayerMs: number;
    sinceProcessStartMs: number;
    startup: StartupTimes;
  }>({
    type: 'start',
    config: options.config,
    trackPublish: options.trackPublish ?? false,
    readModel: options.readModel ?? true,
  });
  const { port } = started;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    /** The relayer process's id (its limits and open files are read from /proc). */
    pid: child.pid as number,
    /** How long startRelayer took in the server process, and its time since that process started, ms. */
    startRelayerMs: started.startRelayerMs,
    sinceProcessStartMs: started.sinceProcessStartMs,
    /** startRelayer's steps. */
    startup: started.startup,
    /** Monotonic bus-delivery time (ns, process.hrtime) of each added order, by salt. */
    published,
    /** Monotonic time (ns) at which the WebSocket fan-out of each added order had returned, by salt. */
    fannedOut,
    seed: (count: number, tokens: { address: string; symbol: string }[]) =>
      call<{ inserted: number; ms: number }>({ type: 'seed', count, tokens }),
    countOpen: () => call<number>({ type: 'count' }),
    analyze: () => call<null>({ type: 'analyze' }),
    /** Rebuilds the read model from the database (as at start-up); its time and the orders it holds. */
    rebuild: () => call<{ ms: number; indexedMs: number; orders: number }>({ type: 'rebuild' }),
    /** Creates the open-book indexes migration 007 dropped (the database path the read model replaced). */
    legacyIndexes: () => call<null>({ type: 'legacyIndexes' }),
    /** When the read model had built every index (waited for), ms since the server process started. */
    indexed: () => call<number>({ type: 'indexed' }),
    /**
     * Resident set and heap in bytes, after a full GC (and once the read model's indexes are all built);
     * then again once V8 has shrunk its young generation (serverProcess.ts), and that generation's size.
     */
    memory: () =>
      call<{ rss: number; heapUsed: number; settledRss: number; settledHeapUsed: number; newSpace: number }>({
        type: 'memory',
      }),
    /** The server process's CPU time so far (user + system), in microseconds. */
    cpuMicros: () => call<number>({ type: 'cpu' }),
    /** PGlite: the engine's CPU so far (µs, inside the server's CPU) and the writer's batches; else null. */
    engineStats: () => call<EngineStats | null>({ type: 'engine' }),
    /** Starts a CPU profile of the server process; `profileStop` writes it to `path`. */
    profileStart: () => call<null>({ type: 'profileStart' }),
    profileStop: (path: string) => call<null>({ type: 'profileStop', path }),
    async stop() {
      await call({ type: 'stop' }).catch(() => {});
      await exited;
    },
  };
}

export type BenchServer = Awaited<ReturnType<typeof startBenchServer>>;
