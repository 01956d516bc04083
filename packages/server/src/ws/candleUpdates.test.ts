import { type Hex, wsCandlesSchema } from '@relayer/protocol';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { TOKEN_A } from '../../test/helpers/fakeAddresses.js';
import { fakeHash } from '../../test/helpers/fakeOrders.js';
import { fakeTrade, insertTrades } from '../../test/helpers/fakeTrades.js';
import { insertTokens, MAIN, offlineConfig } from '../../test/helpers/offlineApp.js';
import { startTestApp, type TestApp } from '../../test/helpers/startTestApp.js';
import { openWsClient, type WsTestClient } from '../../test/helpers/wsTestClient.js';
import { BookEvents } from '../events/BookEvents.js';
import { removeTradesAbove } from '../trades/recordTrades.js';

// The trades channel's `candles` messages: after a trade event, a market subscription gets the candles
// of the trade's interval as the database has them, in its own orientation; after a re-org removed the
// interval's only trade, null.
const WETH = MAIN.addresses.weth;
const E18 = 10n ** 18n;
const T = 1_700_000_000 - (1_700_000_000 % 86_400) + 3_600;
const events = new BookEvents();
let env: TestApp;
let url: string;
const clients: WsTestClient[] = [];

beforeAll(async () => {
  env = await startTestApp(offlineConfig(), { events });
  await insertTokens(env.db, 'main', [
    { address: TOKEN_A, name: 'Alpha', symbol: 'AAA' },
    { address: WETH, name: 'Wrapped Ether', symbol: 'WETH' },
  ]);
  await env.app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(env.app.server.address() as { port: number }).port}/v0/ws`;
});
afterAll(async () => {
  for (const client of clients) client.close();
  await env?.close();
});

async function subscribe(requestId: number, payload: Record<string, string>) {
  const client = await openWsClient(url);
  clients.push(client);
  client.send({ type: 'subscribe', channel: 'trades', requestId, payload });
  // The subscription is in place once a later frame on the same socket is answered.
  client.send({ type: 'subscribe', channel: 'trades', requestId: 999, payload: { baseTokenAddress: 'x' } });
  await client.next((m) => m.type === 'error' && m.requestId === 999);
  return client;
}

test('a market subscription gets the candles of each trade, and null once a re-org removed it', async () => {
  const market = await subscribe(1, { baseTokenAddress: TOKEN_A, quoteTokenAddress: WETH });
  const inverse = await subscribe(2, { baseTokenAddress: WETH, quoteTokenAddress: TOKEN_A });
  const everything = await subscribe(3, {});
  // 10 AAA sold for 1 WETH at T + 70: the 1m candle starts at T + 60, the others at T.
  const trade = fakeTrade({
    blockNumber: 7,
    timestamp: T + 70,
    orderHash: fakeHash('candle update') as Hex,
    makerTokenAddress: TOKEN_A,
    takerTokenAddress: WETH,
    filledMakerTokenAmount: (10n * E18).toString(),
    filledTakerTokenAmount: E18.toString(),
  });
  await insertTrades(env.db, 'main', [trade]);
  await events.publish({ type: 'tradeAdded', network: 'main', trade });

  const candles = wsCandlesSchema.parse(await market.next((m) => m.type === 'candles'));
  const candle = (start: number, price: string, base: bigint, quote: bigint) => ({
    start,
    open: price,
    high: price,
    low: price,
    close: price,
    baseVolume: base.toString(),
    quoteVolume: quote.toString(),
    tradeCount: 1,
  });
  expect(candles).toEqual({
    type: 'candles',
    channel: 'trades',
    requestId: 1,
    payload: {
      baseTokenAddress: TOKEN_A,
      quoteTokenAddress: WETH,
      candles: {
        '1m': candle(T + 60, '0.1', 10n * E18, E18),
        '5m': candle(T, '0.1', 10n * E18, E18),
        '1h': candle(T, '0.1', 10n * E18, E18),
        '1d': candle(T - 3_600, '0.1', 10n * E18, E18),
      },
    },
  });
  const seenInverse = wsCandlesSchema.parse(await inverse.next((m) => m.type === 'candles'));
  expect(seenInverse.payload.candles['1m']).toEqual(candle(T + 60, '10', E18, 10n * E18));
  // A subscription to every trade follows no one market: the trade only.
  await everything.next((m) => m.type === 'trade');

  await removeTradesAbove(env.db, 'main', 6n);
  await events.publish({ type: 'tradeRemoved', network: 'main', trade });
  const afterReorg = await market.next(
    (m) => m.type === 'candles' && m !== candles && m.payload.candles['1m'] === null,
  );
  expect(afterReorg.payload.candles).toEqual({ '1m': null, '5m': null, '1h': null, '1d': null });
  expect(everything.messages.filter((m) => m.type === 'candles')).toEqual([]);
});
