import { beforeEach, describe, expect, test } from 'vitest';
import { createAwayRelayer } from '../test/awayRelayer';
import { MAKER, orderRecord } from '../test/fixtures';
import { tradeRecord } from '../test/tradeFixtures';
import { CANCELLED_KEPT } from './awayMark';
import { FILL_PAGES_MAX, fetchAwayNews } from './fetchAwayNews';

const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as const;
const cancelled = (n: number, createdAt = 1_700_000_000_000 + n) =>
  orderRecord({ orderHash: hash(n), state: 'cancelled', createdAt });

let away: ReturnType<typeof createAwayRelayer>;
beforeEach(() => {
  away = createAwayRelayer();
});

describe('fetchAwayNews', () => {
  test('the first visit reads only where things stand: the newest fill and the cancelled orders', async () => {
    away.history.trades = [tradeRecord({ blockNumber: 9, logIndex: 2 }), tradeRecord({ blockNumber: 8 })];
    away.history.cancelled = [cancelled(2), cancelled(1)];
    const { mark, news } = await fetchAwayNews(away.api, MAKER);
    expect(news).toBeUndefined();
    expect(mark).toEqual({
      lastTrade: { blockNumber: 9, logIndex: 2 },
      cancelled: [hash(2), hash(1)],
      cancelledFloor: 0,
    });
    const [trades, orders] = ['/trades', '/order'].map((path) =>
      Object.fromEntries(away.relayer.requests.find((r) => r.url.pathname === path)?.url.searchParams ?? []),
    );
    expect(trades).toEqual({ maker: MAKER, per_page: '1' });
    expect(orders).toEqual({
      maker: MAKER,
      state: 'cancelled',
      sort: 'createdAt',
      direction: 'desc',
      per_page: String(CANCELLED_KEPT),
    });
  });

  test('a maker with no fills yet: every fill since counts, by order', async () => {
    const { mark } = await fetchAwayNews(away.api, MAKER);
    expect(mark.lastTrade).toBeNull();
    away.history.trades = [
      tradeRecord({ orderHash: hash(1), blockNumber: 12 }),
      tradeRecord({ orderHash: hash(2), blockNumber: 11 }),
      tradeRecord({ orderHash: hash(1), blockNumber: 10 }),
    ];
    const again = await fetchAwayNews(away.api, MAKER, mark);
    expect(again.news).toEqual({ filledOrders: 2, cancelledOrders: 0, moreFills: false });
    expect(again.mark.lastTrade).toEqual({ blockNumber: 12, logIndex: 0 });
  });

  test('counts only fills after the mark, within one block by log index', async () => {
    away.history.trades = [tradeRecord({ orderHash: hash(1), blockNumber: 20, logIndex: 3 })];
    const { mark } = await fetchAwayNews(away.api, MAKER);
    away.history.trades = [
      tradeRecord({ orderHash: hash(3), blockNumber: 21, logIndex: 0 }),
      tradeRecord({ orderHash: hash(2), blockNumber: 20, logIndex: 4 }),
      ...away.history.trades,
      tradeRecord({ orderHash: hash(9), blockNumber: 20, logIndex: 1 }),
    ];
    const { news } = await fetchAwayNews(away.api, MAKER, mark);
    expect(news?.filledOrders).toBe(2);
  });

  test('pages on through many fills, and says "at least" past the last page it reads', async () => {
    const { mark } = await fetchAwayNews(away.api, MAKER);
    away.history.trades = Array.from({ length: 150 }, (_, i) =>
      tradeRecord({ orderHash: hash(i % 120), blockNumber: 1000 - i }),
    );
    expect((await fetchAwayNews(away.api, MAKER, mark)).news).toEqual({
      filledOrders: 120,
      cancelledOrders: 0,
      moreFills: false,
    });
    away.history.trades = Array.from({ length: FILL_PAGES_MAX * 100 + 1 }, (_, i) =>
      tradeRecord({ orderHash: hash(i), blockNumber: 5000 - i }),
    );
    expect((await fetchAwayNews(away.api, MAKER, mark)).news).toEqual({
      filledOrders: FILL_PAGES_MAX * 100,
      cancelledOrders: 0,
      moreFills: true,
    });
  });

  test('a cancel is an order newly in the cancelled list, also one made after the mark', async () => {
    away.history.cancelled = [cancelled(2), cancelled(1)];
    const { mark } = await fetchAwayNews(away.api, MAKER);
    away.history.cancelled = [cancelled(7), cancelled(3), cancelled(2), cancelled(1)];
    expect((await fetchAwayNews(away.api, MAKER, mark)).news?.cancelledOrders).toBe(2);
  });

  test('with a full list, orders older than its floor are not counted as new (the mark never saw them)', async () => {
    away.history.cancelled = Array.from({ length: CANCELLED_KEPT + 20 }, (_, i) => cancelled(1000 - i));
    const { mark } = await fetchAwayNews(away.api, MAKER);
    expect(mark.cancelled).toHaveLength(CANCELLED_KEPT);
    expect(mark.cancelledFloor).toBe(1_700_000_000_000 + 1000 - (CANCELLED_KEPT - 1));
    // One new cancel of an order made before the floor's, one of a recent order.
    away.history.cancelled = [
      cancelled(5000),
      ...away.history.cancelled.slice(0, CANCELLED_KEPT - 2),
      cancelled(1),
    ];
    expect((await fetchAwayNews(away.api, MAKER, mark)).news?.cancelledOrders).toBe(1);
  });
});
