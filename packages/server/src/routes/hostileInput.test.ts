import type { AddressInfo } from 'node:net';
import {
  errorCodes,
  errorResponseSchema,
  NULL_ADDRESS,
  type Order,
  orderSortFields,
  type SignedOrder,
  wsServerMessageSchema,
} from '@relayer/protocol';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chainConfig, signOrder, startTestChain, type TestChain } from '../../test/helpers/chainApp.js';
import {
  clientAddress,
  consistentCursorQuery,
  forgedCursor,
  hostileBodyText,
  hostileContentType,
  hostileJson,
  hostileString,
  hostileUint,
  mutatedBody,
  queryString,
} from '../../test/helpers/hostileArbitraries.js';
import { openTestDatabase } from '../../test/helpers/openTestDatabase.js';
import { TEST_SEED } from '../../test/helpers/testSeed.js';
import { waitFor } from '../../test/helpers/waitFor.js';
import { openWsClient } from '../../test/helpers/wsTestClient.js';
import { buildApp } from '../buildApp.js';
import type { Database } from '../db/Database.js';
import { wsLimits } from '../ws/wsLimits.js';

/**
 * docs/RELIABILITY.md, "No 5xx from input": every route, query parameter, body field, content type and
 * WebSocket message of the relayer driven with generated hostile values. Each answer must be below 500,
 * every refusal the SRA error body with one of the relayer's codes, and the process still serving at the
 * end. Seeded: the seed is printed, and FC_SEED=<seed> replays a run; fast-check prints the shrunk
 * failing request. Runs against a real chain (signed orders reach the chain read and the fill math).
 */

const SEED = TEST_SEED;
/** Generated requests per part; together well over 10,000. */
const RUNS = {
  queries: 4_000,
  paths: 1_000,
  bodies: 3_500,
  rawBodies: 1_000,
  signedOrders: 600,
  wsBatches: 150,
};
/** Per part: counts, not time, are what these tests bound; this only stops a hung run. */
const FUZZ_TIMEOUT_MS = 600_000;
const METRICS_TOKEN = 'fuzz-metrics-token-0123456789';
const WEB_APP = 'https://relayer.example';

let t: TestChain;
let app: FastifyInstance;
let db: Database;
let wsUrl: string;
let template: SignedOrder;
const realCursors: string[] = [];
const counts = { http: 0, ws: 0 };

beforeAll(async () => {
  t = await startTestChain();
  const base = chainConfig(t.network);
  db = await openTestDatabase();
  app = await buildApp(
    {
      ...base,
      metrics: { host: '127.0.0.1', token: METRICS_TOKEN },
      analytics: { enabled: true, origins: [WEB_APP] },
    },
    { db },
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  wsUrl = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/v0/ws`;
  await waitFor(async () => (await app.inject('/token')).json().length > 3, 60_000, 'the registry import');
  // A small open book, so reads have pages, cursors and snapshots to serve.
  for (let i = 0; i < 4; i++) {
    const order = await signOrder(unsignedOrder(1, 10n ** 18n + BigInt(i), 2n * 10n ** 17n), t.key(1));
    const response = await app.inject({ method: 'POST', url: '/order/new', payload: order });
    expect(response.statusCode, response.body).toBe(201);
    template = order;
  }
  for (const sort of orderSortFields) {
    for (const direction of ['asc', 'desc']) {
      const page = (await app.inject(`/order?sort=${sort}&direction=${direction}&per_page=1`)).json();
      if (page.nextCursor) realCursors.push(page.nextCursor);
    }
  }
  console.log(`hostile-input fuzz: seed ${SEED} (replay with FC_SEED=${SEED})`);
}, 120_000);

afterAll(async () => {
  console.log(
    `hostile-input fuzz: ${counts.http} HTTP requests and ${counts.ws} WebSocket frames, seed ${SEED}, no 5xx`,
  );
  await app?.close();
  await db?.close();
  await t?.stop();
});

function unsignedOrder(makerIndex: number, makerAmount: bigint, takerAmount: bigint): Order {
  return {
    exchangeContractAddress: t.network.addresses.exchange,
    maker: t.address(makerIndex).toLowerCase() as Order['maker'],
    taker: NULL_ADDRESS,
    makerTokenAddress: t.token('REP').address.toLowerCase() as Order['maker'],
    takerTokenAddress: t.token('WETH').address.toLowerCase() as Order['maker'],
    feeRecipient: NULL_ADDRESS,
    makerTokenAmount: makerAmount.toString(),
    takerTokenAmount: takerAmount.toString(),
    makerFee: '0',
    takerFee: '0',
    expirationUnixTimestampSec: String(Math.floor(Date.now() / 1000) + 3600),
    salt: String(TEST_SEED),
  };
}

/** Sends one request and holds its answer to the boundary's promise. */
async function expectCodedAnswer(request: InjectOptions): Promise<void> {
  counts.http += 1;
  const response = await app.inject(request);
  const label = `${request.method ?? 'GET'} ${String(request.url).slice(0, 300)} -> ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, label).toBeLessThan(500);
  if (response.statusCode >= 400 && request.method !== 'HEAD') {
    const body = errorResponseSchema.parse(JSON.parse(response.body));
    expect(errorCodes, label).toContain(body.error);
    // A refusal never echoes a long run of what the client sent.
    expect(response.body.length, label).toBeLessThan(8_000);
  }
}

const tokenAddresses = () => t.chain.deployment.tokens.map((x) => x.address.toLowerCase());
const plausibleAddress = () =>
  fc.oneof(fc.constantFrom(...tokenAddresses(), NULL_ADDRESS, t.address(1).toLowerCase()), hostileString);
const plausibleInt = fc.oneof(fc.integer({ min: -3, max: 200 }).map(String), hostileString);

// Each property runs hundreds of requests: the whole block gets the fuzz time limit.
describe('no 5xx from input', { timeout: FUZZ_TIMEOUT_MS }, () => {
  test('every GET route with hostile query parameters', async () => {
    const address = plausibleAddress();
    const paging = { page: plausibleInt, per_page: plausibleInt };
    const routes: [string, Record<string, fc.Arbitrary<string>>][] = [
      [
        '/order',
        {
          ...paging,
          sort: fc.oneof(fc.constantFrom(...orderSortFields), hostileString),
          direction: fc.oneof(fc.constantFrom('asc', 'desc'), hostileString),
          makerTokenAddress: address,
          takerTokenAddress: address,
          tokenAddress: address,
          maker: address,
          baseTokenAddress: address,
          quoteTokenAddress: address,
          state: fc.oneof(
            fc.constantFrom('open', 'filled', 'cancelled', 'expired', 'unfunded', 'any', 'open,unfunded'),
            hostileString,
          ),
          cursor: forgedCursor(realCursors),
        },
      ],
      [
        '/trades',
        {
          per_page: plausibleInt,
          orderHash: fc.oneof(fc.constantFrom(`0x${'0'.repeat(64)}`), hostileString),
          maker: address,
          taker: address,
          trader: address,
          makerTokenAddress: address,
          takerTokenAddress: address,
          tokenAddress: address,
          baseTokenAddress: address,
          quoteTokenAddress: address,
          cursor: fc.oneof(
            forgedCursor(realCursors),
            fc
              .tuple(fc.oneof(fc.integer(), fc.double(), hostileString), fc.oneof(fc.integer(), fc.double()))
              .map((tuple) => Buffer.from(JSON.stringify(tuple)).toString('base64url')),
          ),
        },
      ],
      ['/v0/token_pairs', { ...paging, tokenA: address, tokenB: address }],
      [
        '/v0/orders',
        {
          ...paging,
          exchangeContractAddress: fc.oneof(fc.constant(t.network.addresses.exchange), hostileString),
          tokenAddress: address,
          makerTokenAddress: address,
          takerTokenAddress: address,
          maker: address,
          taker: address,
          trader: address,
          feeRecipient: address,
        },
      ],
      [
        '/v0/orderbook',
        {
          ...paging,
          baseTokenAddress: address,
          quoteTokenAddress: address,
          records: fc.oneof(fc.constantFrom('true', 'false'), hostileString),
        },
      ],
      [
        '/quote',
        {
          sellToken: address,
          buyToken: address,
          sellAmount: fc.oneof(fc.bigInt({ min: 0n, max: 2n ** 257n }).map(String), plausibleInt),
          buyAmount: fc.oneof(fc.bigInt({ min: 0n, max: 2n ** 257n }).map(String), plausibleInt),
          takerAddress: address,
        },
      ],
      ['/token', { x: hostileString }],
      ['/config', { x: hostileString }],
      ['/rates', { x: hostileString }],
      ['/health', { x: hostileString }],
    ];
    const request = fc.oneof(
      {
        weight: 9,
        arbitrary: fc.integer({ min: 0, max: routes.length - 1 }).chain((i) => {
          const [path, params] = routes[i] as (typeof routes)[number];
          return fc.tuple(fc.constant(path), queryString(params), clientAddress);
        }),
      },
      { weight: 1, arbitrary: fc.tuple(fc.constant('/order'), consistentCursorQuery, clientAddress) },
    );
    await fc.assert(
      fc.asyncProperty(request, ([path, query, remoteAddress]) =>
        expectCodedAnswer({ method: 'GET', url: `${path}?${query}`, remoteAddress }),
      ),
      { seed: SEED, numRuns: RUNS.queries },
    );
  });

  test('path parameters, unknown paths, other methods and operator headers', async () => {
    const segment = fc.oneof(hostileString, fc.constantFrom(template.ecSignature.r, `0x${'0'.repeat(64)}`));
    const path = fc.oneof(
      segment.map((s) => `/order/${encodeURIComponent(s.replace(/[\ud800-\udfff]/g, ''))}`),
      segment.map((s) => `/v0/order/${encodeURIComponent(s.replace(/[\ud800-\udfff]/g, ''))}`),
      fc.webPath().map((p) => (p.startsWith('/') ? p : `/${p}`)),
      fc.constantFrom(
        '/metrics',
        '/v0/ws',
        '/docs/json',
        '/kovan/order',
        '/order/new',
        '/%ED%A0%80',
        '/%00',
        '//order',
        '/order/../token',
      ),
    );
    const method = fc.constantFrom(
      'GET',
      'POST',
      'PUT',
      'DELETE',
      'PATCH',
      'OPTIONS',
      'HEAD',
    ) as fc.Arbitrary<InjectOptions['method']>;
    const headers = fc.record(
      {
        authorization: fc.oneof(
          hostileString,
          fc.constant(`Bearer ${METRICS_TOKEN}`),
          hostileString.map((s) => `Bearer ${s}`),
        ),
        origin: fc.oneof(fc.constant(WEB_APP), hostileString),
        'access-control-request-method': fc.constantFrom('GET', 'POST', 'DELETE'),
      },
      { requiredKeys: [] },
    );
    const request = fc.tuple(method, path, headers, clientAddress);
    await fc.assert(
      fc.asyncProperty(request, ([m, url, h, remoteAddress]) =>
        expectCodedAnswer({ method: m, url, headers: safeHeaders(h), remoteAddress }),
      ),
      { seed: SEED + 1, numRuns: RUNS.paths },
    );
  });

  test('every POST route with hostile JSON bodies', async () => {
    const templates: [string, Record<string, unknown>][] = [
      ['/order/new', template as unknown as Record<string, unknown>],
      ['/v0/order', template as unknown as Record<string, unknown>],
      ['/token/new', { address: tokenAddresses()[0], name: 'Token', symbol: 'TKN', decimals: 18 }],
      ['/v0/fees', { ...template, ecSignature: undefined }],
      ['/analytics/pageview', { path: '/' }],
    ];
    const request = fc.integer({ min: 0, max: templates.length - 1 }).chain((i) => {
      const [url, body] = templates[i] as (typeof templates)[number];
      return fc.tuple(fc.constant(url), mutatedBody(body), fc.boolean());
    });
    await fc.assert(
      fc.asyncProperty(request, clientAddress, ([url, body, fromApp], remoteAddress) =>
        expectCodedAnswer({
          method: 'POST',
          url,
          payload: JSON.stringify(body) ?? 'null',
          headers: { 'content-type': 'application/json', ...(fromApp ? { origin: WEB_APP } : {}) },
          remoteAddress,
        }),
      ),
      { seed: SEED + 2, numRuns: RUNS.bodies },
    );
  });

  test('raw bodies: duplicate keys, cut-off JSON, deep nesting, junk, and every content type', async () => {
    const url = fc.constantFrom('/order/new', '/v0/order', '/token/new', '/v0/fees', '/analytics/pageview');
    const body = hostileBodyText(mutatedBody(template as unknown as Record<string, unknown>));
    await fc.assert(
      fc.asyncProperty(url, body, hostileContentType, (u, payload, type) =>
        expectCodedAnswer({
          method: 'POST',
          url: u,
          payload,
          headers: { origin: WEB_APP, ...(type ? { 'content-type': type } : {}) },
        }),
      ),
      { seed: SEED + 3, numRuns: RUNS.rawBodies },
    );
  });

  test('correctly signed orders with hostile amounts, fees, expiries, tokens and makers reach the chain and the fill math', async () => {
    const tokens = tokenAddresses();
    const signed = fc
      .record({
        maker: fc.integer({ min: 1, max: 9 }),
        makerToken: fc.constantFrom(...tokens),
        takerToken: fc.constantFrom(...tokens),
        makerAmount: hostileUint,
        takerAmount: hostileUint,
        makerFee: fc.oneof({ weight: 4, arbitrary: fc.constant(0n) }, hostileUint),
        takerFee: fc.oneof({ weight: 4, arbitrary: fc.constant(0n) }, hostileUint),
        feeRecipient: fc.oneof(
          { weight: 4, arbitrary: fc.constant(NULL_ADDRESS) },
          fc.constant(t.address(9).toLowerCase()),
        ),
        expiry: fc.oneof(
          fc
            .integer({ min: -100_000, max: 10_000_000 })
            .map((d) => BigInt(Math.floor(Date.now() / 1000) + d)),
          hostileUint,
        ),
        salt: hostileUint,
        route: fc.constantFrom('/order/new', '/v0/order'),
        asText: fc.boolean(),
      })
      .map((r) => r);
    await fc.assert(
      fc.asyncProperty(signed, async (r) => {
        const order: Order = {
          ...unsignedOrder(r.maker, r.makerAmount, r.takerAmount),
          makerTokenAddress: r.makerToken as Order['maker'],
          takerTokenAddress: r.takerToken as Order['maker'],
          makerFee: r.makerFee.toString(),
          takerFee: r.takerFee.toString(),
          feeRecipient: r.feeRecipient as Order['maker'],
          expirationUnixTimestampSec: (r.expiry < 0n ? 0n : r.expiry).toString(),
          salt: r.salt.toString(),
        };
        const signedOrder = await signOrder(order, t.key(r.maker));
        await expectCodedAnswer({
          method: 'POST',
          url: r.route,
          payload: r.asText ? JSON.stringify(JSON.stringify(signedOrder)) : JSON.stringify(signedOrder),
          headers: { 'content-type': 'application/json' },
        });
      }),
      { seed: SEED + 4, numRuns: RUNS.signedOrders },
    );
  });

  test('WebSocket frames: every message answered in the protocol, the socket kept', async () => {
    const tokens = tokenAddresses();
    const address = fc.oneof(fc.constantFrom(...tokens), hostileString);
    const subscribe = fc.record(
      {
        type: fc.oneof(fc.constant('subscribe'), hostileString),
        channel: fc.oneof(fc.constantFrom('orderbook', 'orders', 'trades'), hostileString),
        requestId: fc.oneof(fc.integer(), fc.double(), fc.constant(2 ** 60), hostileString),
        payload: fc.oneof(
          fc.record(
            {
              baseTokenAddress: address,
              quoteTokenAddress: address,
              makerTokenAddress: address,
              takerTokenAddress: address,
              trader: address,
              snapshot: fc.oneof(fc.boolean(), hostileString),
              limit: fc.oneof(fc.integer({ min: -5, max: 2000 }), hostileString),
            },
            { requiredKeys: [] },
          ),
          hostileJson,
        ),
      },
      { requiredKeys: [] },
    );
    const frame = fc.oneof(
      { weight: 5, arbitrary: subscribe.map((m) => JSON.stringify(m)) },
      { weight: 2, arbitrary: hostileBodyText(hostileJson).map((text) => text.slice(0, 15_000)) },
      { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)) },
    );
    let batch = 0;
    await fc.assert(
      // Fewer frames than the refusals after which a socket is closed (the marker below is one more).
      fc.asyncProperty(
        fc.array(frame, { minLength: 5, maxLength: wsLimits.maxStrikes - 2 }),
        async (frames) => {
          batch += 1;
          const client = await openWsClient(wsUrl);
          try {
            for (const f of frames) client.socket.send(f);
            counts.ws += frames.length;
            // Frames are handled in order: once this marker's refusal is back, every frame before it was handled.
            const marker = 1_000_000 + batch;
            client.send({
              type: 'subscribe',
              channel: 'orders',
              requestId: marker,
              payload: { makerTokenAddress: 'marker' },
            });
            await client.next((m) => m.type === 'error' && m.requestId === marker);
            expect(client.socket.readyState).toBe(client.socket.OPEN);
            for (const message of client.messages) {
              const parsed = wsServerMessageSchema.safeParse(message);
              expect(parsed.success, JSON.stringify(message).slice(0, 300)).toBe(true);
              if (message.type === 'error') expect([100, 101, 103]).toContain(message.payload.code);
            }
          } finally {
            client.close();
          }
        },
      ),
      { seed: SEED + 5, numRuns: RUNS.wsBatches },
    );
  });

  test('the process is alive and serving afterwards', async () => {
    expect(counts.http + counts.ws).toBeGreaterThanOrEqual(10_000);
    expect((await app.inject('/health')).statusCode).toBe(200);
    const book = await app.inject('/order?per_page=100');
    expect(book.statusCode).toBe(200);
    expect(book.json().total).toBeGreaterThanOrEqual(4);
    const order = await signOrder(unsignedOrder(2, 10n ** 18n, 10n ** 18n), t.key(2));
    expect((await app.inject({ method: 'POST', url: '/order/new', payload: order })).statusCode).toBe(201);
  });
});

/** Header values a client library can send at all (no control characters, Latin-1 only). */
function safeHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const clean = value.replace(/[^\u0020-\u007e\u00a0-\u00ff]/g, '');
    out[name] = clean;
  }
  return out;
}
