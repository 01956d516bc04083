/**
 * In-process micro-benchmark of acceptance before the write (CPU µs per accepted order): `acceptOrder`
 * as the relayer runs it - parse, hash, signature recovery, tokens, the batched chain read against a
 * real anvil (startDevChain), computeOrderState, toOrderRow - with a writer that stores nothing and
 * events that go nowhere, `--inflight` orders at a time. Also the chain reader alone
 * (`getOrderChainState` at the same concurrency) and the local steps alone, so the chain client's
 * share is split out. Prints the median of rounds with the load average.
 * `npx tsx bench/microAccept.ts [--orders=1000] [--inflight=32] [--rounds=7]`
 * (`node --cpu-prof --import tsx bench/microAccept.ts --only=accept` for a V8 profile).
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
import type { OrderWriter } from '../src/orders/createOrderWriter.js';
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
  const { reader } = createNetworkChain(network, { log, now: Date.now });
  const writer: OrderWriter = { write: async () => 'inserted' } as unknown as OrderWriter;
  const events = { publish: async () => {} } as unknown as BookEvents;
  const context: AcceptContext = {
    network,
    fees: config.fees,
    orders: config.orders,
    reader,
    tokens: createTokenDirectory(tokensDb, Date.now),
    refreshTokens: async () => {},
    writer,
    db: tokensDb,
    events,
    now: Date.now,
    clock: createChainClock(Date.now),
  };
  // Every order must be accepted, or the figure would be of refusals.
  for (const body of bodies.slice(0, 5)) {
    const result = await acceptOrder(context, body);
    if (result.status !== 'created') throw new Error('a pre-signed order was not accepted');
  }
  const parsed = orders.map((o) => {
    const result = parseSignedOrder(o);
    if (!result.success) throw new Error('a pre-signed order does not parse');
    return { order: result.data, hash: hashOrder(result.data) };
  });

  console.log(`microAccept: ${orders.length} orders, ${inflight} in flight, median of ${rounds} rounds`);
  console.log(`load average before: ${loadAverage()}`);
  if (only.has('accept')) {
    const us = await cpuPerItem(bodies.length, () =>
      closedLoop(bodies, (body) => acceptOrder(context, body)),
    );
    console.log(`acceptOrder (all before the write): ${fmt(us)} µs CPU per order`);
  }
  if (only.has('chain')) {
    const us = await cpuPerItem(parsed.length, () =>
      closedLoop(parsed, ({ order, hash }) => reader.getOrderChainState(order, hash)),
    );
    console.log(`getOrderChainState alone (chain client): ${fmt(us)} µs CPU per order`);
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
