import { orderQuerySchema, type Token } from '@relayer/protocol';
import type { FastifyBaseLogger } from 'fastify';
import { expect, test } from 'vitest';
import { insertFakeOrders } from '../../test/helpers/fakeOrders.js';
import { insertTokens } from '../../test/helpers/offlineApp.js';
import { openTestDatabase } from '../../test/helpers/openTestDatabase.js';
import { useTestDatabase } from '../../test/helpers/useTestDatabase.js';
import { waitFor } from '../../test/helpers/waitFor.js';
import { listBookOrders } from '../book/query/listBookOrders.js';
import { createReadModel } from '../book/sync/createReadModel.js';
import { BookEvents } from '../events/BookEvents.js';
import { createRegistrySync } from './createRegistrySync.js';
import { createTokenDirectory } from './createTokenDirectory.js';

const log = { warn: () => {}, info: () => {}, debug: () => {} } as unknown as FastifyBaseLogger;
const token = (n: number, symbol: string, extra: Partial<Token> = {}): Token => ({
  address: `0x${String(n).repeat(40)}` as Token['address'],
  name: `Token ${symbol}`,
  symbol,
  decimals: 18,
  ...extra,
});

const db = useTestDatabase();

test('mirrors the registry: verified tokens, a squatted symbol freed, removed tokens unverified', async () => {
  await insertTokens(db, 'main', [
    { address: token(1, 'OLD').address, name: 'Old', symbol: 'OLD', verified: true },
    { address: token(2, 'SQ').address, name: 'Squatter', symbol: 'ZRX', verified: false },
  ]);
  let registry = [token(3, 'ZRX'), token(4, 'WETH'), token(5, 'HUGE', { decimals: 200 })];
  let calls = 0;
  let clock = 0;
  const tokens = createTokenDirectory(db);
  const sync = createRegistrySync({
    db,
    network: 'main',
    getRegistryTokens: async () => {
      calls += 1;
      return registry;
    },
    tokens,
    now: () => clock,
    log,
    minIntervalMs: 1000,
  });
  await Promise.all([sync.sync(), sync.sync(), sync.syncIfStale()]);
  expect(calls).toBe(1);
  const listed = await tokens.list('main');
  // Sorted by name: 'Old', 'Token WETH', 'Token ZRX'; HUGE (decimals 200) is skipped, the squatter dropped.
  expect(listed.map((t) => [t.symbol, t.verified])).toEqual([
    ['OLD', false],
    ['WETH', true],
    ['ZRX', true],
  ]);
  expect(listed.some((t) => t.address === token(2, 'SQ').address)).toBe(false);

  registry = [...registry, token(6, 'MKR')];
  await sync.syncIfStale();
  expect(calls).toBe(1);
  clock = 1001;
  await sync.syncIfStale();
  expect(calls).toBe(2);
  expect((await tokens.get('main', token(6, 'MKR').address))?.verified).toBe(true);
});

test('a failing registry read is logged, not thrown, by syncIfStale, and retried only after the interval', async () => {
  let calls = 0;
  let clock = 0;
  const sync = createRegistrySync({
    db,
    network: 'other',
    getRegistryTokens: async () => {
      calls += 1;
      throw new Error('node down');
    },
    tokens: createTokenDirectory(db),
    now: () => clock,
    log,
    minIntervalMs: 1000,
  });
  await expect(sync.syncIfStale()).resolves.toBeUndefined();
  await sync.syncIfStale();
  expect(calls).toBe(1);
  clock = 5000;
  await sync.syncIfStale();
  expect(calls).toBe(2);
  await expect(sync.sync()).rejects.toThrow('node down');
});

test('a sync tells the read model which tokens are verified: verified=only follows the registry', async () => {
  const own = await openTestDatabase();
  const [a, b] = [token(7, 'SEVEN'), token(8, 'EIGHT')];
  await insertTokens(own, 'main', [
    { address: a.address, name: a.name, symbol: a.symbol, verified: false },
    { address: b.address, name: b.name, symbol: b.symbol, verified: true },
  ]);
  await insertFakeOrders(own, 'main', [{ makerToken: a.address, takerToken: b.address }]);
  const events = new BookEvents();
  const model = createReadModel({ db: own, events, networks: ['main'], log });
  try {
    await model.start();
    const verifiedOnly = async () =>
      listBookOrders(await model.book('main'), {
        ...orderQuerySchema.parse({ verified: 'only' }),
        sort: 'makerFee',
      }).total;
    expect(await verifiedOnly()).toBe(0);
    let registry = [a, b];
    const sync = createRegistrySync({
      db: own,
      network: 'main',
      getRegistryTokens: async () => registry,
      tokens: createTokenDirectory(own),
      now: () => 0,
      log,
      events,
    });
    await sync.sync();
    await waitFor(async () => (await verifiedOnly()) === 1, 10_000, 'the order in the verified view');
    registry = [b];
    await sync.sync();
    await waitFor(async () => (await verifiedOnly()) === 0, 10_000, 'the order out of the verified view');
  } finally {
    model.stop();
    await own.close();
  }
});
