/**
 * The fixed per-request cost of HTTP and the app's hooks, as relayer CPU per request (the server
 * process's own `process.cpuUsage`, user + system) under the same keep-alive load as the bench
 * (autocannon, 20 connections):
 *
 * - a bare `node:http` server answering a fixed body of the size of a cached `GET /order` page;
 * - a bare Fastify answering the same body (no hooks, no plugins), as a string and as a Buffer;
 * - the relayer (`startRelayer`, read model, `--book` open orders): a cached `GET /order`, a 404, and
 *   `POST /order` with a body that is refused (400: what every POST pays before the order is looked at:
 *   body parsing, hooks, error handler, rate limit when `--limits`);
 * - with `--distinct`, the relayer's uncached pages (each asked for once, as probeReads).
 *
 * Alternates the scenarios for `--rounds` rounds and prints the median of each. With `--against=DIR`
 * (another worktree of this repository, e.g. a base commit), a second relayer from that tree's
 * `packages/server` runs beside this one on the same chain, and every scenario alternates between the
 * two ("this" and "against"): an A/B in one window of machine load.
 *
 * `npx tsx bench/httpFloor.ts [--book=2000] [--rounds=3] [--seconds=4] [--limits] [--distinct=2000] [--only=app|bare] [--against=/work/wt/base]`
 */
import { execFileSync, fork } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { startDevChain } from '@relayer/devchain';
import Fastify from 'fastify';
import { networkFor } from '../test/helpers/networkFor.js';
import { benchConfig } from './benchConfig.js';
import { collectCursors, measureEachOnce } from './benchReads.js';
import { loadOneRequest, type OneRequest } from './loadOneRequest.js';
import { seedBook } from './seedBook.js';
import { type BenchServer, startBenchServer } from './startBenchServer.js';
import { fmt, loadAverage, median } from './stats.js';

// The child: a bare server on an ephemeral port, its CPU time over IPC.
if (process.argv[2] === '--serve') {
  const kind = process.argv[3];
  const size = Number(process.argv[4]);
  const body = Buffer.from(`{"records":"${'x'.repeat(Math.max(0, size - 15))}"}`, 'latin1');
  const text = body.toString('latin1');
  let address: { port: number };
  if (kind === 'node') {
    const server = createServer((_req, res) => {
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': body.length,
      });
      res.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    address = server.address() as { port: number };
  } else {
    const app = Fastify({ logger: false });
    // `fastify`: the body as a string (Node writes it with the headers in one piece); `fastify-buffer`:
    // as a Buffer (the headers and the body are two pieces of one writev), as the relayer's pages.
    const payload = kind === 'fastify-buffer' ? body : text;
    app.get('/order', (_request, reply) => {
      void reply.type('application/json; charset=utf-8').send(payload);
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    address = app.server.address() as { port: number };
  }
  process.on('message', (message: string) => {
    if (message === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send?.({ cpu: user + system });
    } else process.exit(0);
  });
  process.once('disconnect', () => process.exit(0));
  process.send?.({ port: address.port });
} else {
  await main();
}

interface Target {
  url: string;
  cpuMicros(): Promise<number>;
}

async function startBare(
  kind: 'node' | 'fastify' | 'fastify-buffer',
  size: number,
): Promise<Target & { stop(): void }> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve', kind, String(size)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve) =>
    child.once('message', (m: { port: number }) => resolve(m.port)),
  );
  return {
    url: `http://127.0.0.1:${port}`,
    cpuMicros: () =>
      new Promise((resolve) => {
        child.once('message', (m: { cpu: number }) => resolve(m.cpu));
        child.send('cpu');
      }),
    stop: () => child.send('stop'),
  };
}

/** The server's pid, from the socket listening on its URL's port (`ss`); undefined when unknown. */
function pidOf(url: string): number | undefined {
  try {
    const port = new URL(url).port;
    const out = execFileSync('ss', ['-Htlnp', `sport = :${port}`], { encoding: 'utf8' });
    const pid = /pid=(\d+)/.exec(out)?.[1];
    return pid === undefined ? undefined : Number(pid);
  } catch {
    return undefined;
  }
}

/** User and system CPU time of `pid` so far, ms (/proc, 10 ms ticks). */
function procTimes(pid: number | undefined): { user: number; system: number } {
  if (pid === undefined) return { user: Number.NaN, system: Number.NaN };
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 };
}

/**
 * autocannon on one request for `seconds`; CPU ms per request (and the kernel's share: system time
 * over user + system, from /proc); every answer must have `status`.
 */
async function measure(target: Target, request: OneRequest, status: number, seconds: number) {
  const pid = pidOf(target.url);
  const times = procTimes(pid);
  const { cpuMicros, count, reqPerSec } = await loadOneRequest(target, request, status, seconds);
  const after = procTimes(pid);
  const user = after.user - times.user;
  const system = after.system - times.system;
  return {
    cpuMsPerReq: cpuMicros / 1000 / Math.max(1, count),
    reqPerSec,
    systemShare: system / (user + system),
  };
}

async function main() {
  const { values: args } = parseArgs({
    options: {
      book: { type: 'string', default: '2000' },
      rounds: { type: 'string', default: '3' },
      seconds: { type: 'string', default: '4' },
      limits: { type: 'boolean', default: false },
      distinct: { type: 'string', default: '0' },
      only: { type: 'string' },
      /** Writes a V8 CPU profile of the relayer per scenario in the last round into this directory. */
      profile: { type: 'string' },
      against: { type: 'string' },
      /** The bare servers' body size with `--only=bare` (otherwise that of the relayer's cached page). */
      'body-bytes': { type: 'string', default: '18000' },
    },
  });
  const seconds = Number(args.seconds);
  console.log(`load average at start: ${loadAverage()}`);
  const rows = new Map<string, { cpu: number[]; rate: number[]; system: number[] }>();
  const note = (name: string, figures: { cpuMsPerReq: number; reqPerSec: number; systemShare?: number }) => {
    const row = rows.get(name) ?? { cpu: [], rate: [], system: [] };
    row.cpu.push(figures.cpuMsPerReq);
    row.rate.push(figures.reqPerSec);
    if (figures.systemShare !== undefined) row.system.push(figures.systemShare);
    rows.set(name, row);
    const system = figures.systemShare === undefined ? '' : `, ${fmt(figures.systemShare * 100, 0)} % system`;
    console.log(`  ${name}: ${fmt(figures.cpuMsPerReq, 4)} ms/req (${fmt(figures.reqPerSec, 0)}/s${system})`);
  };

  const chain = args.only === 'bare' ? undefined : await startDevChain({ port: 0 });
  const config = chain ? benchConfig(networkFor(chain), undefined) : undefined;
  if (config && args.limits) {
    // Limits high enough never to refuse: the limiter's own cost per request.
    config.http = { ...config.http, writeRateLimitPerMinute: 1e9, readRateLimitPerMinute: 1e9 };
  }
  const relayers: { side: string; server: BenchServer }[] = [];
  if (config) relayers.push({ side: 'this', server: await startBenchServer({ config, readModel: true }) });
  if (config && args.against) {
    const other = resolve(args.against, 'packages/server/bench/startBenchServer.ts');
    const { startBenchServer: startOther } = (await import(pathToFileURL(other).href)) as {
      startBenchServer: typeof startBenchServer;
    };
    relayers.push({ side: 'against', server: await startOther({ config, readModel: true }) });
  }
  try {
    let pageBytes = Number(args['body-bytes']);
    let walks: string[] = [];
    for (const { server } of relayers) {
      if (!chain) break;
      await seedBook(server, chain, Number(args.book));
      await server.rebuild();
      const page = await fetch(`${server.url}/order`);
      pageBytes = (await page.arrayBuffer()).byteLength;
      console.log(`cached GET /order: ${pageBytes} bytes`);
      const distinct = Number(args.distinct);
      if (distinct > 0 && walks.length === 0) {
        const cursors = await collectCursors(server.url, 'per_page=1', distinct);
        walks = cursors.map((c) => `/order?per_page=20&cursor=${encodeURIComponent(c)}`);
      }
    }
    const bare =
      args.only === 'app'
        ? []
        : ([
            ['bare node:http (Buffer body)', await startBare('node', pageBytes)],
            ['bare Fastify (string body)', await startBare('fastify', pageBytes)],
            ['bare Fastify (Buffer body)', await startBare('fastify-buffer', pageBytes)],
          ] as const);
    // Warm-up, not measured: the first requests compile the paths (and the first relayer's first ones
    // paid for it in every scenario).
    for (const { server } of relayers) {
      await measure(server, { method: 'GET', path: '/order' }, 200, 1);
      await measure(server, { method: 'GET', path: '/nope' }, 404, 1);
      await measure(
        server,
        { method: 'POST', path: '/order/new', body: '{}', headers: { 'content-type': 'application/json' } },
        400,
        1,
      );
    }
    for (let round = 0; round < Number(args.rounds); round++) {
      console.log(`round ${round + 1}, load ${loadAverage()}`);
      for (const [name, target] of bare) {
        note(name, await measure(target, { method: 'GET', path: '/order' }, 200, seconds));
      }
      // Each scenario on each relayer in turn (the order flips every round), so both see the same load.
      const sides = round % 2 ? [...relayers].reverse() : relayers;
      const profiling = args.profile !== undefined && round === Number(args.rounds) - 1;
      const each = async (
        scenario: string,
        run: (server: BenchServer) => Promise<{ cpuMsPerReq: number; reqPerSec: number }>,
      ) => {
        for (const { side, server } of sides) {
          const profile = profiling && args.profile ? args.profile : undefined;
          if (profile) {
            mkdirSync(profile, { recursive: true });
            await server.profileStart();
          }
          const figures = await run(server);
          if (profile) {
            const file = `${side}-${scenario.replace(/\W+/g, '_')}-${Date.now()}.cpuprofile`;
            await server.profileStop(join(profile, file));
          }
          note(relayers.length > 1 ? `${side}: ${scenario}` : scenario, figures);
        }
      };
      await each('relayer cached GET /order', (server) =>
        measure(server, { method: 'GET', path: '/order' }, 200, seconds),
      );
      await each('relayer GET 404', (server) =>
        measure(server, { method: 'GET', path: '/nope' }, 404, seconds),
      );
      await each('relayer POST /order/new 400', (server) =>
        measure(
          server,
          { method: 'POST', path: '/order/new', body: '{}', headers: { 'content-type': 'application/json' } },
          400,
          seconds,
        ),
      );
      if (walks.length > 0) {
        // Each round asks other page sizes: none is cached (on either relayer).
        const per = 20 + (round % 2 ? -round : round);
        const paths = walks.map((p) => p.replace('per_page=20', `per_page=${per}`));
        await each('relayer uncached page (distinct)', (server) => measureEachOnce(server, paths));
      }
    }
    for (const [, target] of bare) target.stop();
    console.log(`\nmedians of ${args.rounds} rounds (load at end ${loadAverage()}):`);
    console.log('scenario\tCPU ms/req\treq/s\tsystem share');
    for (const [name, row] of [...rows].sort(([a], [b]) => a.localeCompare(b))) {
      const system = row.system.length > 0 ? `${fmt(median(row.system) * 100, 0)} %` : '';
      console.log(`${name}\t${fmt(median(row.cpu), 4)}\t${fmt(median(row.rate), 0)}\t${system}`);
    }
  } finally {
    for (const { server } of relayers) await server.stop();
    await chain?.stop();
  }
}
