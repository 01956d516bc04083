/**
 * The app's per-request cost without the socket: `app.inject` of a cached `GET /order`, a 404, a
 * refused `POST /order/new` (400) and accepted submissions (`POST /order/new` 201 with the order
 * record, `POST /v0/order` 201) whose acceptance is replaced, in this process only, by one fixed
 * record (bench/postFloorStub.mjs: what is measured is the HTTP of the submission routes), CPU per
 * request in this process, alternating in small batches
 * between this tree's app and, with `--against=DIR`, the app of another worktree (e.g. a base commit)
 * in the same process, so both see the same machine load. Both run the production limits (rate limits
 * on, high enough never to refuse) over a test database with a few orders and no chain.
 * light-my-request's own cost is in both; the difference is the app's.
 *
 * `npx tsx bench/hooksAB.ts [--against=/work/wt/base] [--batch=500] [--rounds=15]`
 */

import { register } from 'node:module';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { printSideBySide } from './printSideBySide.js';
import { signedOrderText } from './signedOrderText.js';
import { startOfflineAppFrom } from './startOfflineAppFrom.js';
import { loadAverage } from './stats.js';

register(new URL('./postFloorStub.mjs', import.meta.url));

const { values: args } = parseArgs({
  options: {
    against: { type: 'string' },
    batch: { type: 'string', default: '500' },
    rounds: { type: 'string', default: '15' },
  },
});

type Started = { app: import('fastify').FastifyInstance; close(): Promise<void>; hash: string };

async function start(root: string): Promise<Started> {
  const { env, hashes } = await startOfflineAppFrom(root, { origin: 'https://relayer.example', orders: 20 });
  return { ...env, hash: hashes[0] ?? '' };
}

const here = resolve(import.meta.dirname, '..');
const sides: { side: string; env: Started }[] = [{ side: 'this', env: await start(here) }];
if (args.against) {
  sides.push({ side: 'against', env: await start(resolve(args.against, 'packages/server')) });
}
// The fixed record every accepted submission answers with, and the order posted for it.
const first = sides[0]?.env;
if (!first) throw new Error('no app');
const record = (await first.app.inject({ url: `/order/${first.hash}` })).json() as Record<string, unknown>;
(globalThis as { __postFloorRecord?: unknown }).__postFloorRecord = record;
const order = signedOrderText(record);
const submit = (url: string) => ({
  method: 'POST' as const,
  url,
  payload: order,
  headers: { 'content-type': 'application/json', origin: 'https://relayer.example' },
});
const scenarios = [
  { name: 'cached GET /order', status: 200, request: { url: '/order' } },
  { name: 'GET 404', status: 404, request: { url: '/nope' } },
  {
    name: 'POST /order/new 400',
    status: 400,
    request: {
      method: 'POST' as const,
      url: '/order/new',
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    },
  },
  { name: 'POST /order/new 201', status: 201, request: submit('/order/new') },
  { name: 'POST /v0/order 201', status: 201, request: submit('/v0/order') },
];
const batch = Number(args.batch);
const results = new Map<string, number[]>();
console.log(`load average at start: ${loadAverage()}`);
for (let round = 0; round <= Number(args.rounds); round++) {
  for (const scenario of scenarios) {
    for (const { side, env } of round % 2 ? [...sides].reverse() : sides) {
      const before = process.cpuUsage();
      for (let i = 0; i < batch; i++) {
        const answer = await env.app.inject(scenario.request);
        if (answer.statusCode !== scenario.status)
          throw new Error(`${side} ${scenario.name}: ${answer.statusCode}`);
      }
      const used = process.cpuUsage(before);
      // Round 0 warms up.
      if (round === 0) continue;
      const key = `${scenario.name}\t${side}`;
      results.set(key, [...(results.get(key) ?? []), (used.user + used.system) / batch]);
    }
  }
}
printSideBySide(results, scenarios, sides.length > 1 ? 'difference' : undefined);
for (const { env } of sides) await env.close();
