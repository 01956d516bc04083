import { fork } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import type { Config } from '../src/config.js';
import type { StartupTimes } from '../src/startRelayer.js';
import type { BenchCommand } from './serverProcess.js';

export interface BenchServerOptions {
  config: Config;
  trackPublish?: boolean;
  /** Serve the open book from the read model (default) or, false, every page from the database. */
  readModel?: boolean;
  /** Write a V8 CPU profile of the server process into this directory. */
  profileDir?: string;
}

/** Forks `serverProcess.ts`, starts the relayer in it and returns its address and an IPC client. */
export async function startBenchServer(options: BenchServerOptions) {
  // BENCH_SERVER_ARGS: more Node flags for the relayer process only (e.g. --trace-gc).
  const execArgv = ['--import', 'tsx', '--expose-gc', ...(process.env.BENCH_SERVER_ARGS?.split(' ') ?? [])];
  if (options.profileDir) {
    mkdirSync(options.profileDir, { recursive: true });
    execArgv.push('--cpu-prof', `--cpu-prof-dir=${options.profileDir}`);
  }
  const child = fork(new URL('./serverProcess.ts', import.meta.url), [], {
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
    rebuild: () => call<{ ms: number; orders: number }>({ type: 'rebuild' }),
    /** Creates the open-book indexes migration 007 dropped (the database path as before the read model). */
    legacyIndexes: () => call<null>({ type: 'legacyIndexes' }),
    /** Resident set and heap in bytes, after a full GC. */
    memory: () => call<{ rss: number; heapUsed: number }>({ type: 'memory' }),
    /** The server process's CPU time so far (user + system), in microseconds. */
    cpuMicros: () => call<number>({ type: 'cpu' }),
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
