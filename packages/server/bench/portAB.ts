/**
 * In-process A/B of the open book's read port and change signal: CPU per request of uncached pages
 * (`GET /order` over the six stored sorts both ways, with and without a token filter, `/v0/orders`,
 * `/v0/orderbook`), of a cached `GET /order`, and CPU per accepted order's event as acceptance publishes
 * it (the read model applies it, the change signal drops the pages) followed by its removal. This
 * tree's offline app and, with `--against=DIR`, another worktree's in the same process, alternating in
 * small batches so both see the same machine load.
 *
 * `npx tsx bench/portAB.ts [--against=/work/wt/base] [--orders=5000] [--batch=300] [--rounds=8] [--only=accepted]`
 */
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { printSideBySide } from './printSideBySide.js';
import { startOfflineAppFrom } from './startOfflineAppFrom.js';
import { loadAverage } from './stats.js';

const { values: args } = parseArgs({
  options: {
    against: { type: 'string' },
    orders: { type: 'string', default: '5000' },
    batch: { type: 'string', default: '300' },
    rounds: { type: 'string', default: '8' },
    /** Only the scenarios whose name contains this. */
    only: { type: 'string' },
  },
});
const TOKEN_A = `0x${'a'.repeat(40)}`;
const TOKEN_B = `0x${'b'.repeat(40)}`;
const SORTS = [
  'makerFee',
  'takerTokenAmount',
  'makerTokenAmount',
  'expirationUnixTimestampSec',
  'createdAt',
  'makerToken',
];
const orders = Number(args.orders);
const batch = Number(args.batch);

type Env = Awaited<ReturnType<typeof startOfflineAppFrom>>['env'];
async function start(root: string): Promise<Env> {
  const { env } = await startOfflineAppFrom(root, { origin: 'https://relayer.example', orders });
  await env.app.readModel?.indexed('main');
  return env;
}
const here = resolve(import.meta.dirname, '..');
const sides: { side: string; env: Env }[] = [{ side: 'this', env: await start(here) }];
if (args.against) sides.push({ side: 'against', env: await start(resolve(args.against, 'packages/server')) });
const first = sides[0]?.env;
if (!first) throw new Error('no app');
const template = (await first.app.inject('/order?per_page=1')).json().orders[0] as Record<string, unknown>;

/** The i-th distinct uncached URL: a sort, a direction, a page and, every other one, a token filter. */
const pageUrl = (i: number) => {
  const sort = SORTS[i % SORTS.length];
  const direction = Math.floor(i / SORTS.length) % 2 ? 'desc' : 'asc';
  const page = 1 + (Math.floor(i / (2 * SORTS.length)) % Math.max(1, Math.floor(orders / 20)));
  const filter = Math.floor(i / 7) % 2 ? `&makerTokenAddress=${TOKEN_A}` : '';
  return `/order?per_page=20&sort=${sort}&direction=${direction}&page=${page}${filter}`;
};
const allScenarios: { name: string; run: (env: Env, i: number) => Promise<unknown> }[] = [
  {
    name: 'uncached GET /order',
    run: async (env, i) => {
      env.app.pageCache.invalidate('main');
      const answer = await env.app.inject(pageUrl(i));
      if (answer.statusCode !== 200) throw new Error(answer.body);
    },
  },
  {
    name: 'uncached GET /v0/orders',
    run: async (env, i) => {
      env.app.pageCache.invalidate('main');
      const answer = await env.app.inject(`/v0/orders?per_page=20&page=${1 + (i % 50)}`);
      if (answer.statusCode !== 200) throw new Error(answer.body);
    },
  },
  {
    name: 'uncached GET /v0/orderbook',
    run: async (env, i) => {
      env.app.pageCache.invalidate('main');
      const url = `/v0/orderbook?baseTokenAddress=${TOKEN_A}&quoteTokenAddress=${TOKEN_B}&per_page=20&page=${1 + (i % 50)}`;
      const answer = await env.app.inject(url);
      if (answer.statusCode !== 200) throw new Error(answer.body);
    },
  },
  {
    name: 'cached GET /order',
    run: async (env) => {
      const answer = await env.app.inject('/order?per_page=20');
      if (answer.statusCode !== 200) throw new Error(answer.body);
    },
  },
  {
    name: 'accepted event + removal',
    run: async (env) => {
      const orderHash = `0x${randomBytes(32).toString('hex')}`;
      const order = { ...template, orderHash } as never;
      await env.events.publish({
        type: 'added',
        network: 'main',
        order,
        version: 1,
        makerTokenSymbol: 'AAA',
        takerTokenSymbol: 'BBB',
      });
      await env.events.publish({
        type: 'removed',
        network: 'main',
        orderHash,
        state: 'cancelled',
        makerTokenAddress: TOKEN_A,
        takerTokenAddress: TOKEN_B,
        version: 2,
      });
    },
  },
];
const scenarios = allScenarios.filter(({ name }) => !args.only || name.includes(args.only));
const results = new Map<string, number[]>();
console.log(`load average at start: ${loadAverage()}`);
let counter = 0;
for (let round = 0; round <= Number(args.rounds); round++) {
  for (const scenario of scenarios) {
    for (const { side, env } of round % 2 ? [...sides].reverse() : sides) {
      const base = counter;
      const before = process.cpuUsage();
      for (let i = 0; i < batch; i++) await scenario.run(env, base + i);
      const used = process.cpuUsage(before);
      if (round === 0) continue;
      const key = `${scenario.name}\t${side}`;
      results.set(key, [...(results.get(key) ?? []), (used.user + used.system) / batch]);
    }
    counter += batch;
  }
}
printSideBySide(results, scenarios, sides.length > 1 ? 'ratio' : undefined);
for (const { env } of sides) await env.close();
// A read model still retrying a build against the closed database would keep the process alive.
process.exit(0);
