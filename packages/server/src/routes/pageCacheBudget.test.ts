import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { errorResponseSchema, orderSortFields } from '@relayer/protocol';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MAKER_1, TOKEN_A, TOKEN_B } from '../../test/helpers/fakeAddresses.js';
import { insertFakeOrders } from '../../test/helpers/fakeOrders.js';
import { startOfflineApp } from '../../test/helpers/offlineApp.js';
import { pipelinedGets } from '../../test/helpers/rawHttp.js';
import { isStoredSort } from '../book/sort/bookOrderings.js';
import { DEFAULT_CACHE_BYTES } from '../orders/createBookCache.js';

// Memory through the page cache: distinct query strings, valid or not, must not grow the
// process past the cache's byte budget, however many there are and however large their pages.

let env: Awaited<ReturnType<typeof startOfflineApp>>;
const MARKET = `baseTokenAddress=${TOKEN_A}&quoteTokenAddress=${TOKEN_B}`;
/** The sorts the read model answers from memory (the others are read from the database). */
const STORED_SORTS = orderSortFields.filter(isStoredSort);
const MiB = 1024 * 1024;

/** A full garbage collection, so what is measured is what is kept, not what was not yet collected. */
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
/** The process's memory after a full collection. */
const liveMemory = () => {
  collectGarbage();
  return process.memoryUsage();
};

beforeAll(async () => {
  env = await startOfflineApp();
  // 150 orders on each side of one market: a page of 100 orders is tens of kB, of records per side more.
  await insertFakeOrders(env.db, 'main', [
    ...Array.from({ length: 150 }, (_, i) => ({
      makerToken: TOKEN_A,
      takerToken: TOKEN_B,
      makerTokenAmount: String(1000 + i),
      takerTokenAmount: String(500 + i),
      makerFee: String(i % 7),
    })),
    ...Array.from({ length: 150 }, (_, i) => ({
      makerToken: TOKEN_B,
      takerToken: TOKEN_A,
      makerTokenAmount: String(400 + i),
      takerTokenAmount: String(1000 + i),
      maker: MAKER_1,
    })),
  ]);
  env.resync();
  expect((await env.app.inject('/order?per_page=1')).json().total).toBe(300);
});

afterAll(async () => {
  await env?.close();
});

/** `n` written with `zeros` leading zeros: the same number, another spelling. */
const spelled = (n: number, zeros: number) => `${'0'.repeat(zeros)}${n}`;

/** A large page: /order in every stored sort, direction, size from 40 to 100, pages 1-2; the market's records; /v0/orders. */
function largePage(j: number): string {
  const kind = j % 4;
  if (kind === 3) return `/v0/orderbook?${MARKET}&records=true&per_page=${60 + (j % 41)}`;
  if (kind === 2) return `/v0/orders?page=${(j % 2) + 1}&per_page=${50 + (j % 51)}`;
  const sort = STORED_SORTS[j % STORED_SORTS.length];
  const direction = j % 16 < 8 ? 'asc' : 'desc';
  return `/order?sort=${sort}&direction=${direction}&per_page=${40 + (j % 61)}&page=${(j % 2) + 1}`;
}

/**
 * The n-th of 50,000 distinct query strings: one in twenty a large page (a few hundred distinct queries,
 * each spelled with another number of leading zeros every time), nine in twenty a small page (another
 * page number, in several spellings), half a large page with an unknown parameter (`&i=n`, the finding).
 */
function distinctUrl(n: number): string {
  const kind = n % 20;
  const round = Math.floor(n / 20);
  if (kind === 0) return largePage(round).replace('per_page=', `per_page=${'0'.repeat(round)}`);
  if (kind <= 5) return `/v0/orders?per_page=1&page=${round * 5 + kind}`;
  if (kind <= 9) return `/order?per_page=${spelled(1, kind - 6)}&page=${round + 2}`;
  return `${largePage(round * 10 + kind)}&i=${n}`;
}

describe('the page cache under distinct query strings', () => {
  test('50,000 distinct query strings sent twice keep the cache within its byte budget and RSS within 100 MB', {
    timeout: 120_000,
  }, async () => {
    const urls = Array.from({ length: 50_000 }, (_, n) => distinctUrl(n));
    expect(new Set(urls).size).toBe(50_000);
    await env.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = env.app.server.address() as AddressInfo;
    // Warm up on one page asked over and over (the heap's young generation grows to its working size
    // under any traffic), then start from an empty cache: what is measured is what distinct strings add.
    const warmUp = Array.from({ length: 2000 }, (_, n) => largePage(n % 4));
    await Promise.all([0, 1, 2, 3].map(() => pipelinedGets(port, warmUp, 8)));
    env.app.pageCache.invalidate('main');
    const before = liveMemory();
    let largestBody = 0;
    let refused = 0;
    // Over real sockets (app.inject keeps what it answered alive longer than a socket does): four
    // clients, each pipelining its share, every string twice in a row (so each is asked again while
    // the cache still remembers it was asked).
    const clients = [0, 1, 2, 3].map((c) => urls.filter((_, n) => n % 4 === c).flatMap((url) => [url, url]));
    const answers = await Promise.all(clients.map((paths) => pipelinedGets(port, paths, 8)));
    for (const [c, answered] of answers.entries()) {
      for (const [k, { status, bodyBytes }] of answered.entries()) {
        if (status === 400) refused += 1;
        else expect(status, clients[c]?.[k]).toBe(200);
        largestBody = Math.max(largestBody, bodyBytes);
      }
    }
    const after = liveMemory();
    const stats = env.app.pageCache.stats();
    const growth = (after.rss - before.rss) / MiB;
    console.log(
      `page cache: ${(stats.bytes / MiB).toFixed(1)} MiB in ${stats.entries} entries, ${stats.seenKeys} keys seen; ` +
        `RSS ${(before.rss / MiB).toFixed(0)} -> ${(after.rss / MiB).toFixed(0)} MiB, ` +
        `heap ${(before.heapUsed / MiB).toFixed(0)} -> ${(after.heapUsed / MiB).toFixed(0)} MiB, ` +
        `array buffers ${(before.arrayBuffers / MiB).toFixed(0)} -> ${(after.arrayBuffers / MiB).toFixed(0)} MiB; ` +
        `largest page ${(largestBody / 1024).toFixed(0)} KiB`,
    );
    // Pages large enough that a cache counting entries rather than bytes holds hundreds of megabytes.
    expect(largestBody).toBeGreaterThan(50_000);
    expect(refused).toBe(2 * 25_000);
    expect(stats.bytes).toBeLessThanOrEqual(DEFAULT_CACHE_BYTES);
    const liveGrowth = (after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers) / MiB;
    expect(liveGrowth).toBeLessThan(100);
    expect(growth).toBeLessThan(100);
  });
});

describe('cache keys are the parsed query', () => {
  test('an unknown parameter is refused with a coded 400 naming it, and kept nowhere', async () => {
    env.app.pageCache.invalidate('main');
    for (const url of [
      '/order?per_page=5&i=1',
      `/v0/orderbook?${MARKET}&records=true&i=1`,
      '/v0/orders?i=1',
      '/v0/token_pairs?i=1',
      '/trades?i=1',
    ]) {
      const response = await env.app.inject(url);
      expect(response.statusCode, url).toBe(400);
      const body = errorResponseSchema.parse(response.json());
      expect(body, url).toMatchObject({
        code: 100,
        error: 'VALIDATION_FAILED',
        validationErrors: [{ field: 'i', code: 1006 }],
      });
    }
    expect(env.app.pageCache.stats()).toMatchObject({ bytes: 0, entries: 0, seenKeys: 0 });
  });

  test('other spellings and orders of one query share one page: each adds an alias, never a copy', async () => {
    env.app.pageCache.invalidate('main');
    const spellings = [
      '/order?sort=createdAt&per_page=100',
      '/order?per_page=100&sort=createdAt',
      '/order?sort=createdAt&per_page=0100',
      '/order?sort=createdAt&per_page=%3100',
      '/order?per_page=100&direction=asc&sort=createdAt',
      '/order?sort=createdAt&per_page=100&page=1&state=open',
    ];
    const bodies = [];
    for (const url of [...spellings, ...spellings]) bodies.push((await env.app.inject(url)).body);
    expect(new Set(bodies).size).toBe(1);
    const { bytes, entries } = env.app.pageCache.stats();
    // One page of 100 orders, kept once, and a raw alias per spelling.
    expect(entries).toBeLessThanOrEqual(1 + spellings.length);
    expect(bytes).toBeLessThan((bodies[0]?.length ?? 0) + 5_000);
    expect(bytes).toBeGreaterThan(bodies[0]?.length ?? 0);
  });
});
