/**
 * The HTTP cost of an accepted order submission, as relayer CPU per request: everything from the
 * socket to the route's call of `submitOrder` and from its result back to the socket. Each server runs
 * in a process of its own (its CPU time from its own `process.cpuUsage`, over IPC) under autocannon's
 * keep-alive load (20 connections) from this one:
 *
 * - a bare `node:http` server reading the posted order and answering 201 with the record's bytes;
 * - a bare Fastify (its JSON parser, no hooks) answering 201 with the record;
 * - the relayer's app (`startOfflineApp`: production hooks, rate limits on and high enough never to
 *   refuse, CORS with an allowed origin) with `submitOrder` replaced, in this harness only, by a
 *   stand-in that parses the body as acceptOrder does and returns one fixed order record
 *   (bench/postFloorStub.mjs): `POST /order/new` (201 with the ~1 KB record) and `POST /v0/order`
 *   (201, no body); a cached `GET /order` beside them for scale.
 *
 * With `--against=DIR` (another worktree, e.g. a base commit) a second relayer app from that tree
 * runs beside this one and every relayer scenario alternates between the two, the order flipping
 * every round: an A/B in one window of machine load. Prints each round and the medians.
 *
 * `npx tsx bench/postFloor.ts [--rounds=5] [--seconds=3] [--against=/work/wt/base] [--only=app] [--fresh]
 *   [--scenario=v0] [--profile=DIR]`
 */

import { fork } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { register } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadOneRequest, type OneRequest } from './loadOneRequest.js';
import { signedOrderText } from './signedOrderText.js';
import { startOfflineAppFrom } from './startOfflineAppFrom.js';
import { fmt, loadAverage, median } from './stats.js';

const ORIGIN = 'https://relayer.example';

interface Served {
  port: number;
  /** The JSON body every POST sends. */
  body: string;
}

if (process.argv[2] === '--serve') {
  const served = await serve(process.argv[3] ?? '', process.argv[4] ?? '');
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  process.on('message', async (message: string) => {
    if (message === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send?.({ cpu: user + system });
    } else if (message === 'profile-start') {
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.setSamplingInterval', { interval: 100 });
      await session.post('Profiler.start');
      process.send?.({ cpu: 0 });
    } else if (message.startsWith('profile-stop ')) {
      const { profile } = await session.post('Profiler.stop');
      const { writeFileSync } = await import('node:fs');
      writeFileSync(message.slice('profile-stop '.length), JSON.stringify(profile));
      session.disconnect();
      process.send?.({ cpu: 0 });
    } else process.exit(0);
  });
  process.once('disconnect', () => process.exit(0));
  process.send?.(served);
} else {
  await main();
}

async function serve(kind: string, root: string): Promise<Served> {
  if (kind === 'app') {
    register(new URL('./postFloorStub.mjs', import.meta.url));
    const { env, hashes } = await startOfflineAppFrom(root, { origin: ORIGIN, orders: 1 });
    const [hash] = hashes;
    const record = (await env.app.inject({ url: `/order/${hash}` })).json() as Record<string, unknown>;
    (globalThis as { __postFloorRecord?: unknown }).__postFloorRecord = record;
    await env.app.listen({ host: '127.0.0.1', port: 0 });
    return { port: (env.app.server.address() as { port: number }).port, body: signedOrderText(record) };
  }
  // The bare servers answer with a record of the app's shape and size.
  const record = JSON.parse(root) as Record<string, unknown>;
  const answer = JSON.stringify(record);
  if (kind === 'node') {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        JSON.parse(Buffer.concat(chunks).toString('utf8'));
        res.writeHead(201, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(answer),
        });
        res.end(answer);
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    return { port: (server.address() as { port: number }).port, body: signedOrderText(record) };
  }
  const { default: Fastify } = await import('fastify');
  const app = Fastify({ logger: false });
  app.post('/order/new', async (request, reply) => {
    if (typeof request.body !== 'object') throw new Error('no body');
    return reply.code(201).send(record);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { port: (app.server.address() as { port: number }).port, body: signedOrderText(record) };
}

interface Target {
  url: string;
  body: string;
  cpuMicros(): Promise<number>;
  /** Sends `message` to the server process and waits for its answer. */
  ask(message: string): Promise<void>;
  stop(): void;
}

async function start(kind: 'app' | 'node' | 'fastify', arg: string): Promise<Target> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve', kind, arg], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const served = await new Promise<Served>((done) => child.once('message', (m: Served) => done(m)));
  return {
    url: `http://127.0.0.1:${served.port}`,
    body: served.body,
    cpuMicros: () =>
      new Promise((done) => {
        child.once('message', (m: { cpu: number }) => done(m.cpu));
        child.send('cpu');
      }),
    ask: (message) =>
      new Promise((done) => {
        child.once('message', () => done());
        child.send(message);
      }),
    stop: () => child.send('stop'),
  };
}

/** autocannon on one request for `seconds`: µs of server CPU per request; every answer must be `status`. */
async function measure(target: Target, request: OneRequest, status: number, seconds: number) {
  const { cpuMicros, count, reqPerSec } = await loadOneRequest(target, request, status, seconds);
  return { cpuMicrosPerReq: cpuMicros / Math.max(1, count), reqPerSec };
}

async function main() {
  const { values: args } = parseArgs({
    options: {
      rounds: { type: 'string', default: '5' },
      seconds: { type: 'string', default: '3' },
      against: { type: 'string' },
      only: { type: 'string' },
      /** Only the relayer scenarios whose name contains this. */
      scenario: { type: 'string' },
      /** Writes a V8 CPU profile of each relayer scenario of the last round into this directory. */
      profile: { type: 'string' },
      /**
       * New relayer processes every round (warmed up again): a process's JIT state persists across
       * rounds and can favour one side for a whole run; fresh ones make the rounds independent.
       */
      fresh: { type: 'boolean', default: false },
    },
  });
  const seconds = Number(args.seconds);
  console.log(`load average at start: ${loadAverage()}`);
  const here = resolve(import.meta.dirname, '..');
  const roots = [{ side: 'this', root: here }];
  if (args.against) roots.push({ side: 'against', root: resolve(args.against, 'packages/server') });
  const startApps = async () =>
    Promise.all(roots.map(async ({ side, root }) => ({ side, target: await start('app', root) })));
  let apps: { side: string; target: Target }[] = await startApps();
  const probe = apps[0]?.target;
  if (!probe) throw new Error('no app');
  const answer = await fetch(`${probe.url}/order/new`, {
    method: 'POST',
    body: probe.body,
    headers: { 'content-type': 'application/json' },
  });
  const recordText = await answer.text();
  console.log(
    `POST /order/new: ${answer.status}, ${recordText.length} bytes; body ${probe.body.length} bytes`,
  );
  const bare =
    args.only === 'app'
      ? []
      : ([
          ['bare node:http POST 201', await start('node', recordText)],
          ['bare Fastify POST 201', await start('fastify', recordText)],
        ] as const);
  const post = (path: string, body: string): OneRequest => ({
    method: 'POST',
    path,
    body,
    headers: { 'content-type': 'application/json', origin: ORIGIN },
  });
  const all: { name: string; request: (t: Target) => OneRequest; status: number }[] = [
    { name: 'POST /order/new 201', request: (t) => post('/order/new', t.body), status: 201 },
    { name: 'POST /v0/order 201', request: (t) => post('/v0/order', t.body), status: 201 },
    {
      name: 'cached GET /order',
      request: () => ({ method: 'GET', path: '/order', headers: { origin: ORIGIN } }),
      status: 200,
    },
  ];
  const scenarios = all.filter((s) => args.scenario === undefined || s.name.includes(args.scenario));
  const rows = new Map<string, { cpu: number[]; rate: number[] }>();
  const note = (name: string, figures: { cpuMicrosPerReq: number; reqPerSec: number }) => {
    const row = rows.get(name) ?? { cpu: [], rate: [] };
    row.cpu.push(figures.cpuMicrosPerReq);
    row.rate.push(figures.reqPerSec);
    rows.set(name, row);
    console.log(`  ${name}: ${fmt(figures.cpuMicrosPerReq, 1)} µs/req (${fmt(figures.reqPerSec, 0)}/s)`);
  };
  // Warm-up, not measured.
  const warm = async () => {
    for (const { target } of apps) {
      for (const s of scenarios) await measure(target, s.request(target), s.status, 1);
    }
  };
  await warm();
  for (const [, target] of bare) {
    await measure(target, post('/order/new', target.body), 201, 1);
  }
  try {
    for (let round = 0; round < Number(args.rounds); round++) {
      if (args.fresh && round > 0) {
        for (const { target } of apps) target.stop();
        apps = await startApps();
        await warm();
      }
      console.log(`round ${round + 1}, load ${loadAverage()}`);
      for (const [name, target] of bare) {
        note(name, await measure(target, post('/order/new', target.body), 201, seconds));
      }
      const sides = round % 2 ? [...apps].reverse() : apps;
      for (const s of scenarios) {
        for (const { side, target } of sides) {
          const name = apps.length > 1 ? `${side}: ${s.name}` : s.name;
          const profile = args.profile && round === Number(args.rounds) - 1 ? args.profile : undefined;
          if (profile) await target.ask('profile-start');
          note(name, await measure(target, s.request(target), s.status, seconds));
          if (profile) {
            mkdirSync(profile, { recursive: true });
            await target.ask(
              `profile-stop ${join(profile, `${side}-${name.replace(/\W+/g, '_')}.cpuprofile`)}`,
            );
          }
        }
      }
    }
  } finally {
    for (const { target } of apps) target.stop();
    for (const [, target] of bare) target.stop();
  }
  console.log(`\nmedians of ${args.rounds} rounds (load at end ${loadAverage()}):`);
  console.log('scenario\tCPU µs/req\treq/s');
  for (const [name, row] of [...rows].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(`${name}\t${fmt(median(row.cpu), 1)}\t${fmt(median(row.rate), 0)}`);
  }
  if (apps.length > 1) {
    console.log('scenario\tthis - against, µs per request: median of rounds');
    for (const s of scenarios) {
      const ours = rows.get(`this: ${s.name}`)?.cpu ?? [];
      const theirs = rows.get(`against: ${s.name}`)?.cpu ?? [];
      console.log(`${s.name}\t${fmt(median(ours.map((v, i) => v - (theirs[i] ?? Number.NaN))), 1)}`);
    }
  }
}
