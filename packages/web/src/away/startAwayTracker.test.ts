import type { TradeRecord } from '@relayer/protocol';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createAwayRelayer } from '../test/awayRelayer';
import { FakeWebSocket } from '../test/FakeWebSocket';
import { MAKER, orderRecord, TAKER } from '../test/fixtures';
import { tradeRecord } from '../test/tradeFixtures';
import { awayMarkKey, readAwayMark } from './awayMark';
import type { AwayNews } from './fetchAwayNews';
import { startAwayTracker } from './startAwayTracker';

const KEY = awayMarkKey('main', MAKER);
let visibility: DocumentVisibilityState = 'visible';
let away: ReturnType<typeof createAwayRelayer>;
const stops: (() => void)[] = [];

function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}

/** One visit of the app: a tracker recording what it tells. */
function visit() {
  const news: AwayNews[] = [];
  const hiddenFills: TradeRecord[] = [];
  const stop = startAwayTracker({
    api: away.api,
    relayerUrl: 'http://relayer.test',
    maker: MAKER,
    storageKey: KEY,
    onNews: (n) => news.push(n),
    onHiddenFill: (trade) => hiddenFills.push(trade),
  });
  stops.push(stop);
  const socket = FakeWebSocket.latest();
  socket.open();
  return { news, hiddenFills, stop, socket };
}

const tradeMessage = (payload: TradeRecord) => ({ type: 'trade', channel: 'trades', requestId: 1, payload });
const settled = () => vi.waitFor(() => expect(readAwayMark(window.localStorage, KEY)).toBeDefined());

beforeEach(() => {
  window.localStorage.clear();
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
  away = createAwayRelayer();
});
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('startAwayTracker', () => {
  test('the first visit tells nothing and remembers where things stand; the next one tells what changed', async () => {
    away.history.trades = [tradeRecord({ blockNumber: 50 })];
    const first = visit();
    expect(first.socket.sent).toEqual([
      { type: 'subscribe', channel: 'trades', requestId: 1, payload: { trader: MAKER } },
    ]);
    await settled();
    expect(first.news).toEqual([]);
    first.stop();

    // Away: two of the maker's orders filled, one cancelled.
    away.history.trades = [
      tradeRecord({ orderHash: `0x${'1'.repeat(64)}`, blockNumber: 52 }),
      tradeRecord({ orderHash: `0x${'2'.repeat(64)}`, blockNumber: 51 }),
      ...away.history.trades,
    ];
    away.history.cancelled = [orderRecord({ state: 'cancelled' })];
    const second = visit();
    await vi.waitFor(() =>
      expect(second.news).toEqual([{ filledOrders: 2, cancelledOrders: 1, moreFills: false }]),
    );
    second.stop();

    // Told once: the visit after that has nothing new.
    const third = visit();
    await vi.waitFor(() => expect(away.relayer.count('GET', '/trades')).toBe(3));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(third.news).toEqual([]);
  });

  test('a fill seen live is no news; one while the tab is hidden is a hidden fill, then news on return', async () => {
    const tab = visit();
    await settled();
    const seen = tradeRecord({ blockNumber: 60 });
    away.history.trades = [seen];
    tab.socket.receive(tradeMessage(seen));
    // Another account's trade on the same channel (the maker was the taker) is not the maker's fill.
    tab.socket.receive(tradeMessage(tradeRecord({ maker: TAKER, taker: MAKER, blockNumber: 61 })));

    setVisibility('hidden');
    expect(readAwayMark(window.localStorage, KEY)?.lastTrade).toEqual({ blockNumber: 60, logIndex: 0 });
    const whileHidden = tradeRecord({ orderHash: `0x${'3'.repeat(64)}`, blockNumber: 62 });
    away.history.trades = [whileHidden, ...away.history.trades];
    tab.socket.receive(tradeMessage(whileHidden));
    expect(tab.hiddenFills).toEqual([whileHidden]);

    setVisibility('visible');
    await vi.waitFor(() =>
      expect(tab.news).toEqual([{ filledOrders: 1, cancelledOrders: 0, moreFills: false }]),
    );
    await vi.waitFor(() =>
      expect(readAwayMark(window.localStorage, KEY)?.lastTrade).toEqual({ blockNumber: 62, logIndex: 0 }),
    );
  });

  test('a tab opened in the background waits until it is seen to tell its news', async () => {
    const first = visit();
    await settled();
    first.stop();
    away.history.trades = [tradeRecord({ blockNumber: 70 })];
    visibility = 'hidden';
    const background = visit();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(away.relayer.count('GET', '/trades')).toBe(1);
    setVisibility('visible');
    await vi.waitFor(() => expect(background.news).toHaveLength(1));
  });

  test('a relayer that cannot be reached keeps the stored mark, so the news waits for the next visit', async () => {
    const first = visit();
    await settled();
    first.stop();
    const before = readAwayMark(window.localStorage, KEY);
    away.history.trades = [tradeRecord({ blockNumber: 80 })];
    const failing = createAwayRelayer();
    failing.api.getTrades = () => Promise.reject(new Error('offline'));
    const saved = away;
    away = failing;
    const offline = visit();
    await new Promise((resolve) => setTimeout(resolve, 20));
    offline.stop();
    expect(offline.news).toEqual([]);
    expect(readAwayMark(window.localStorage, KEY)).toEqual(before);
    away = saved;
    const back = visit();
    await vi.waitFor(() =>
      expect(back.news).toEqual([{ filledOrders: 1, cancelledOrders: 0, moreFills: false }]),
    );
  });
});
