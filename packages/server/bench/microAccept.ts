/**
 * In-process micro-benchmark of acceptance before the write (CPU µs per accepted order): `acceptOrder`
 * as the relayer runs it - parse, hash, signature recovery, tokens, the batched chain read against a
 * real anvil (startDevChain), computeOrderState, toOrderRow - with a writer that stores nothing and
 * events that go nowhere, `--inflight` orders at a time. Also the chain reader alone
 * (`getOrderChainState` at the same concurrency) and the local steps alone, so the chain client's
 * share is split out. Prints the median of rounds with the load average.
 * `npx tsx bench/microAccept.ts [--orders=1000] [--inflight=32] [--rounds=7]`
 * `--profile=<file prefix>` writes V8 CPU profiles of the measured rounds; `--against=<dir>` alternates
 * rounds with another checkout's packages/server (A/B in one process).
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { parseArgs } from 'node:util';
import { startDevChain } from '@relayer/devchain';
import { hashOrder, parseSignedOrder, recoverSigner, type SignedOrder } from '@relayer/protocol';
import { nativeRecover } from '@relayer/protocol/native';
import { createChainClock } from '../src/chain/createChainClock.js';
import { createNetworkChain } from '../src/chain/createNetworkChain.js';
import type { Queryable } from '../src/db/Database.js';
import type { BookEvents } from '../src/events/BookEvents.js';
import { type AcceptContext, acceptOrder } from '../src/orders/acceptOrder.js';
import { createOpenCounts } from '../src/orders/createOpenCounts.js';
import type { OrderWriter } from '../src/orders/createOrderWriter.js';
import { OpenOrderQuotas } from '../src/orders/OpenOrderQuotas.js';
import { createTokenDirectory } from '../src/tokens/createTokenDirectory.js';
import { networkFor } from '../test/helpers/networkFor.js';
import { benchConfig } from './benchConfig.js';
import { presignOrders } from './benchSubmissions.js';
import { fmt, loadAverage, median } from './stats.js';

const { values: args } = parseArgs({
  options: {
    orders: { type: 'string', default: '1000' },
    inflight: { type: 'string', default: '32' },
    rounds: { type: 'string', default: '7' },
    only: { type: 'string', default: 'accept,chain,local' },
    /**
     * Another checkout's packages/server (e.g. a base worktree): its acceptOrder and chain reader are
     * loaded into this process too and measured in alternating rounds against this one's (A/B on one
     * devchain, one load).
     */
    against: { type: 'string' },
    /** Write a V8 CPU profile of the measured acceptOrder rounds to this file. */
    profile: { type: 'string' },
  },
});
const inflight = Number(args.inflight);
const rounds = Number(args.rounds);
const only = new Set(args.only.split(','));

/** Runs `work` over every item with `inflight` in flight; resolves when all settled. */
async function closedLoop<T>(items: readonly T[], work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: inflight }, worker));
}

let profiled = 0;
/**
 * CPU µs per item of `run` over rounds (one warm-up round first), median; with `--profile`, the
 * measured rounds' V8 CPU profile is written to `<profile>.<n>.cpuprofile` (n: the stage's number).
 */
async function cpuPerItem(count: number, run: () => Promise<void> | void): Promise<number> {
  await run();
  const session = args.profile ? new Session() : undefined;
  if (session) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
  }
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const before = process.cpuUsage();
    await run();
    const used = process.cpuUsage(before);
    samples.push((used.user + used.system) / count);
  }
  if (session) {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(`${args.profile}.${++profiled}.cpuprofile`, JSON.stringify(profile));
    session.disconnect();
  }
  return median(samples);
}

const chain = await startDevChain({ port: 0 });
try {
  const config = benchConfig(networkFor(chain), undefined);
  const network = config.networks[0];
  if (!network) throw new Error('no network');
  const orders: SignedOrder[] = await presignOrders(chain, Number(args.orders));
  // Objects as the route hands them over (the HTTP layer parses the JSON text).
  const bodies = orders.map((order) => JSON.parse(JSON.stringify(order)) as unknown);
  const symbols = new Map(chain.deployment.tokens.map((t) => [t.address.toLowerCase(), t.symbol]));
  // The token directory as the relayer has it, over a table of the devchain's tokens (served from memory after the first read).
  const tokensDb = {
    kind: 'pglite',
    async query(_sql: string, params: unknown[]) {
      const symbol = symbols.get(String(params[1]));
      return symbol ? [{ address: params[1], name: symbol, symbol, decimals: 18, verified: true }] : [];
    },
  } as unknown as Queryable;
  const log = { warn() {}, info() {}, error() {} } as never;
  const writer: OrderWriter = { write: async () => 'inserted' } as unknown as OrderWriter;
  const events = { publish: async () => {} } as unknown as BookEvents;
  /** acceptOrder and the chain reader of a checkout (`root`: its packages/server), wired as the relayer does. */
  const variant = async (root: string | undefined) => {
    const load = async <T>(path: string, local: T): Promise<T> =>
      root ? ((await import(`${root}/src/${path}`)) as T) : local;
    const mod = {
      ...(await load('orders/acceptOrder.ts', { acceptOrder })),
      ...(await load('chain/createNetworkChain.ts', { createNetworkChain })),
      ...(await load('tokens/createTokenDirectory.ts', { createTokenDirectory })),
      ...(await load('chain/createChainClock.ts', { createChainClock })),
    };
    const { reader } = mod.createNetworkChain(network, { log, now: Date.now });
    const context: AcceptContext = {
      network,
      // The policy as an older checkout reads it (a plain object) and as this one does (peek/current).
      fees: { ...config.fees, peek: () => config.fees, current: async () => config.fees },
      orders: config.orders,
      reader,
      tokens: mod.createTokenDirectory(tokensDb, Date.now),
      refreshTokens: async () => {},
      writer,
      // Neither is what this bench measures: the quotas off, and only verified tokens, never probed.
      quotas: new OpenOrderQuotas({
        maxPerUnverifiedToken: 0,
        maxPerNetwork: 0,
        openCounts: createOpenCounts({ db: tokensDb }),
      }),
      transfers: { check: async () => {} },
      db: tokensDb,
      events,
      now: Date.now,
      clock: mod.createChainClock(Date.now),
    };
    return { accept: (body: unknown) => mod.acceptOrder(context, body), reader };
  };
  const variants = [{ name: 'this', ...(await variant(undefined)) }];
  if (args.against) variants.unshift({ name: args.against, ...(await variant(args.against)) });
  // Every order must be accepted, or the figure would be of refusals.
  for (const { accept } of variants) {
    for (const body of bodies.slice(0, 5)) {
      const result = await accept(body);
      if (result.status !== 'created') throw new Error('a pre-signed order was not accepted');
    }
  }
  const parsed = orders.map((o) => {
    const result = parseSignedOrder(o);
    if (!result.success) throw new Error('a pre-signed order does not parse');
    return { order: result.data, hash: hashOrder(result.data) };
  });

  console.log(`microAccept: ${orders.length} orders, ${inflight} in flight, median of ${rounds} rounds`);
  console.log(`load average before: ${loadAverage()}`);
  if (args.against) {
    // Alternating rounds, each variant's median of its own rounds.
    const samples = new Map(variants.map((v) => [v.name, { accept: [] as number[], chain: [] as number[] }]));
    const cpu = async (run: () => Promise<void>, count: number) => {
      const before = process.cpuUsage();
      await run();
      const used = process.cpuUsage(before);
      return (used.user + used.system) / count;
    };
    for (let round = -1; round < rounds; round++) {
      for (const v of round % 2 === 0 ? variants : [...variants].reverse()) {
        const mine = samples.get(v.name) as { accept: number[]; chain: number[] };
        const accept = await cpu(() => closedLoop(bodies, v.accept), bodies.length);
        const chainOnly = only.has('chain')
          ? await cpu(
              () => closedLoop(parsed, ({ order, hash }) => v.reader.getOrderChainState(order, hash)),
              parsed.length,
            )
          : Number.NaN;
        if (round >= 0) {
          mine.accept.push(accept);
          mine.chain.push(chainOnly);
        }
      }
    }
    for (const v of variants) {
      const mine = samples.get(v.name) as { accept: number[]; chain: number[] };
      console.log(
        `${v.name}: acceptOrder ${fmt(median(mine.accept))} µs, getOrderChainState alone ${fmt(median(mine.chain))} µs CPU per order`,
      );
    }
  } else {
    const [{ accept, reader }] = variants as [(typeof variants)[0]];
    if (only.has('accept')) {
      const us = await cpuPerItem(bodies.length, () => closedLoop(bodies, accept));
      console.log(`acceptOrder (all before the write): ${fmt(us)} µs CPU per order`);
    }
    if (only.has('chain')) {
      const us = await cpuPerItem(parsed.length, () =>
        closedLoop(parsed, ({ order, hash }) => reader.getOrderChainState(order, hash)),
      );
      console.log(`getOrderChainState alone (chain client): ${fmt(us)} µs CPU per order`);
    }
  }
  if (only.has('local')) {
    const parse = await cpuPerItem(bodies.length, () => {
      for (const body of bodies) parseSignedOrder(body);
    });
    const hash = await cpuPerItem(parsed.length, () => {
      for (const { order } of parsed) hashOrder(order);
    });
    const recover = await cpuPerItem(parsed.length, () => {
      for (const { order, hash } of parsed) recoverSigner(hash, order.ecSignature, nativeRecover);
    });
    console.log(
      `local floor: parse ${fmt(parse)} µs, hash ${fmt(hash)} µs, recover ${fmt(recover)} µs per order`,
    );
  }
  console.log(`load average after: ${loadAverage()}`);
} finally {
  await chain.stop();
}
