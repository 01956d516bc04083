import {
  candleListResponseSchema,
  errorResponseSchema,
  type Hex,
  tickerListResponseSchema,
} from '@relayer/protocol';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TOKEN_A, TOKEN_C } from '../../test/helpers/fakeAddresses.js';
import { fakeHash, insertFakeOrders } from '../../test/helpers/fakeOrders.js';
import { fakeTrade, insertTrades } from '../../test/helpers/fakeTrades.js';
import { insertTokens, MAIN, offlineConfig } from '../../test/helpers/offlineApp.js';
import { startTestApp, type TestApp } from '../../test/helpers/startTestApp.js';
import { TEST_SEED } from '../../test/helpers/testSeed.js';
import { BookEvents } from '../events/BookEvents.js';

// Price history over HTTP: coded refusals naming the field, and the answers of a small known history.
let env: TestApp;
const events = new BookEvents();
const WETH = MAIN.addresses.weth;
const UNLISTED = `0x${'e'.repeat(40)}`;
/** 10:00:00 UTC of a day, so minutes and hours start on round numbers. */
const T = 1_700_042_400 - (1_700_042_400 % 86_400) + 36_000;
const E18 = 10n ** 18n;
const get = (url: string) => env.app.inject(url);

const trade = (
  blockNumber: number,
  timestamp: number,
  maker: string,
  makerAmount: bigint,
  takerAmount: bigint,
) =>
  fakeTrade({
    blockNumber,
    timestamp,
    orderHash: fakeHash(`history ${blockNumber}`) as Hex,
    makerTokenAddress: maker as Hex,
    takerTokenAddress: (maker === TOKEN_A ? WETH : TOKEN_A) as Hex,
    filledMakerTokenAmount: makerAmount.toString(),
    filledTakerTokenAmount: takerAmount.toString(),
  });

beforeAll(async () => {
  // The server's clock (and so the chain clock, with no chain) stands an hour after the first trade.
  env = await startTestApp(offlineConfig(), {
    now: () => (T + 3600) * 1000,
    events,
    readModel: true,
  });
  await insertTokens(env.db, 'main', [
    { address: TOKEN_A, name: 'Alpha', symbol: 'AAA' },
    { address: WETH, name: 'Wrapped Ether', symbol: 'WETH' },
    { address: TOKEN_C, name: 'Gamma', symbol: 'CCC', decimals: 6 },
  ]);
  await insertTrades(env.db, 'main', [
    // An ask filled: 10 AAA for 1 WETH (0.1), then a bid filled: 2 WETH for 10 AAA (0.2), same minute.
    trade(1, T + 5, TOKEN_A, 10n * E18, E18),
    trade(2, T + 50, WETH, 2n * E18, 10n * E18),
    // Five minutes later: 0.05.
    trade(3, T + 300, TOKEN_A, 20n * E18, E18),
  ]);
  // The open book: two bids (0.04 and 0.03 WETH per AAA) and one ask (0.06).
  await insertFakeOrders(env.db, 'main', [
    { makerToken: WETH, takerToken: TOKEN_A, makerTokenAmount: '4', takerTokenAmount: '100' },
    { makerToken: WETH, takerToken: TOKEN_A, makerTokenAmount: '3', takerTokenAmount: '100' },
    { makerToken: TOKEN_A, takerToken: WETH, makerTokenAmount: '50', takerTokenAmount: '3' },
  ]);
  events.emitResync();
});
afterAll(async () => {
  await env?.close();
});

function expectRefusal(response: Awaited<ReturnType<typeof get>>, field: string, code: number) {
  expect(response.statusCode, response.body).toBe(400);
  const body = errorResponseSchema.parse(response.json());
  expect(body.validationErrors).toContainEqual(expect.objectContaining({ field, code }));
}

describe('GET /markets/{base}/{quote}/candles', () => {
  const path = `/markets/${TOKEN_A}/${WETH}/candles`;

  test.each([
    ['a missing interval', `${path}`, 'interval', 1000],
    ['an interval it does not offer', `${path}?interval=2m`, 'interval', 1006],
    ['from after to', `${path}?interval=1m&from=200&to=100`, 'from', 1004],
    ['a bound that is not Unix seconds', `${path}?interval=1m&to=-5`, 'to', 1001],
    ['an unknown parameter', `${path}?interval=1m&limit=5`, 'limit', 1006],
    ['a malformed base', `/markets/0x1234/${WETH}/candles?interval=1m`, 'base', 1002],
    [
      'a checksummed quote',
      `/markets/${TOKEN_A}/${WETH.toUpperCase().replace('0X', '0x')}/candles?interval=1m`,
      'quote',
      1002,
    ],
    ['the same token twice', `/markets/${TOKEN_A}/${TOKEN_A}/candles?interval=1m`, 'quote', 1004],
    ['a token the relayer does not list', `/markets/${UNLISTED}/${WETH}/candles?interval=1m`, 'base', 1003],
  ])('refuses %s, naming the field', async (_name, url, field, code) => {
    expectRefusal(await get(url), field, code);
  });

  test('answers one candle per interval with trades, both directions of the market, oldest first', async () => {
    const response = await get(`${path}?interval=1m&from=${T}&to=${T + 600}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = candleListResponseSchema.parse(response.json());
    expect(body).toMatchObject({ interval: '1m', from: T, to: T + 600, nextFrom: null });
    expect(body.candles).toEqual([
      {
        start: T,
        open: '0.1',
        high: '0.2',
        low: '0.1',
        close: '0.2',
        baseVolume: (20n * E18).toString(),
        quoteVolume: (3n * E18).toString(),
        tradeCount: 2,
      },
      {
        start: T + 300,
        open: '0.05',
        high: '0.05',
        low: '0.05',
        close: '0.05',
        baseVolume: (20n * E18).toString(),
        quoteVolume: E18.toString(),
        tradeCount: 1,
      },
    ]);
    expect(response.headers.link).toBeUndefined();
    // The market the other way round prices WETH in AAA.
    const inverse = candleListResponseSchema.parse(
      (await get(`/markets/${WETH}/${TOKEN_A}/candles?interval=1h&from=${T}&to=${T}`)).json(),
    );
    expect(inverse.candles.map((c) => [c.open, c.high, c.low, c.close, c.tradeCount])).toEqual([
      ['10', '20', '5', '20', 3],
    ]);
  });

  test('a range longer than 1000 intervals is paged, with a next link to the rest', async () => {
    const response = await get(`${path}?interval=1m&from=${T - 1000 * 60}&to=${T + 600}`);
    const body = candleListResponseSchema.parse(response.json());
    expect(body.candles).toEqual([]);
    expect(body.nextFrom).toBe(T);
    expect(response.headers.link).toBe(`<${path}?interval=1m&from=${T}&to=${T + 600}>; rel="next"`);
    const next = candleListResponseSchema.parse(
      (await get(`${path}?interval=1m&from=${T}&to=${T + 600}`)).json(),
    );
    expect(next.candles.map((c) => c.tradeCount)).toEqual([2, 1]);
  });

  test('without bounds, answers the 1000 intervals up to now', async () => {
    const body = candleListResponseSchema.parse((await get(`${path}?interval=1h`)).json());
    expect(body.to).toBe(T + 3600);
    expect(body.from).toBe(T + 3600 - 999 * 3600);
    expect(body.candles.map((c) => c.tradeCount)).toEqual([3]);
  });
});

describe('GET /tickers', () => {
  test.each([
    ['an unknown parameter', '/tickers?market=x', 'market', 1006],
    [
      'a malformed address',
      `/tickers?baseTokenAddress=0x12&quoteTokenAddress=${WETH}`,
      'baseTokenAddress',
      1002,
    ],
    ['one token of a pair', `/tickers?baseTokenAddress=${TOKEN_A}`, 'quoteTokenAddress', 1000],
  ])('refuses %s, naming the field', async (_name, url, field, code) => {
    expectRefusal(await get(url), field, code);
  });

  test('lists each traded market once, priced in WETH, with its 24 h figures', async () => {
    const response = await get('/tickers');
    expect(response.statusCode, response.body).toBe(200);
    const body = tickerListResponseSchema.parse(response.json());
    expect(body.at).toBe(T + 3600);
    expect(body.tickers).toEqual([
      {
        baseTokenAddress: TOKEN_A,
        quoteTokenAddress: WETH,
        last: '0.05',
        lastTradeAt: T + 300,
        open: '0.1',
        change: '-0.05',
        changePercent: '-50',
        high: '0.2',
        low: '0.05',
        baseVolume: (40n * E18).toString(),
        quoteVolume: (4n * E18).toString(),
        tradeCount: 3,
        bestBid: '0.04',
        bestAsk: '0.06',
      },
    ]);
    const kovan = tickerListResponseSchema.parse((await get('/kovan/tickers')).json());
    expect(kovan.tickers).toEqual([]);
  });

  test('answers one market in the orientation asked, traded or not', async () => {
    const inverse = tickerListResponseSchema.parse(
      (await get(`/tickers?baseTokenAddress=${WETH}&quoteTokenAddress=${TOKEN_A}`)).json(),
    );
    expect(inverse.tickers.map((t) => [t.last, t.open, t.change, t.changePercent])).toEqual([
      ['20', '10', '10', '100'],
    ]);
    const quiet = tickerListResponseSchema.parse(
      (await get(`/tickers?baseTokenAddress=${TOKEN_C}&quoteTokenAddress=${WETH}`)).json(),
    );
    expect(quiet.tickers).toEqual([
      expect.objectContaining({ last: null, change: null, tradeCount: 0, baseVolume: '0' }),
    ]);
  });

  test("every market's answer is shared until a trade is heard, then made anew", async () => {
    const markets = async () =>
      tickerListResponseSchema.parse((await get('/tickers')).json()).tickers.map((t) => t.baseTokenAddress);
    expect(await markets()).toEqual([TOKEN_A]);
    const gamma = fakeTrade({
      blockNumber: 9,
      timestamp: T + 3000,
      orderHash: fakeHash('history gamma') as Hex,
      makerTokenAddress: TOKEN_C as Hex,
      takerTokenAddress: WETH as Hex,
      filledMakerTokenAmount: '1000000',
      filledTakerTokenAmount: E18.toString(),
    });
    await insertTrades(env.db, 'main', [gamma]);
    // Written behind the app's back, without its event: the shared answer still stands.
    expect(await markets()).toEqual([TOKEN_A]);
    await events.publish({ type: 'tradeAdded', network: 'main', trade: gamma });
    expect((await markets()).sort()).toEqual([TOKEN_A, TOKEN_C].sort());
  });
});

describe('the OpenAPI document', () => {
  test('documents both routes, their parameters and answers, under every prefix', async () => {
    const spec = (await get('/docs/json')).json();
    const candles = spec.paths['/markets/{base}/{quote}/candles']?.get;
    const names = candles.parameters.map((p: { name: string }) => p.name);
    expect(names).toEqual(expect.arrayContaining(['base', 'quote', 'interval', 'from', 'to']));
    expect(candles.responses['200']).toBeDefined();
    const tickers = spec.paths['/tickers']?.get;
    expect(tickers.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['baseTokenAddress', 'quoteTokenAddress']),
    );
    expect(spec.paths['/kovan/tickers']).toBeDefined();
    expect(spec.paths['/kovan/markets/{base}/{quote}/candles']).toBeDefined();
  });
});

describe('hostile input', () => {
  // Whatever a client sends in one parameter, the answer is a page or a 400 naming it, never a 5xx.
  test('property: any value of any candle parameter answers 200 or a 400 naming it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('interval', 'from', 'to'),
        fc.string({ maxLength: 30 }),
        async (name, value) => {
          const query = new URLSearchParams({ interval: '1h', [name]: value });
          const response = await get(`/markets/${TOKEN_A}/${WETH}/candles?${query}`);
          if (response.statusCode === 200) return;
          expectRefusal(response, name, expect.any(Number) as never);
        },
      ),
      { seed: TEST_SEED, numRuns: 150 },
    );
  });
});
