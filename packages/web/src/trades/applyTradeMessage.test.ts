import { describe, expect, test } from 'vitest';
import { TAKER, WBTC, WETH, ZRX } from '../test/fixtures';
import { tradeRecord } from '../test/tradeFixtures';
import { applyTradeMessage, type TradePages } from './applyTradeMessage';

const pages = (...lists: ReturnType<typeof tradeRecord>[][]): TradePages => ({
  pages: lists.map((trades, i) => ({ trades, nextCursor: i < lists.length - 1 ? `c${i}` : null })),
  pageParams: lists.map((_, i) => (i === 0 ? undefined : `c${i - 1}`)),
});
const market = { baseTokenAddress: ZRX.address, quoteTokenAddress: WETH.address };

describe('applyTradeMessage', () => {
  test('a new trade joins the first page in its place, newest first', () => {
    const older = tradeRecord();
    const newer = tradeRecord();
    const between = { ...tradeRecord(), blockNumber: older.blockNumber, logIndex: 5 };
    const data = applyTradeMessage(pages([newer, older]), { type: 'trade', payload: between }, market);
    expect(data.pages[0]?.trades).toEqual([newer, between, older]);
  });

  test('a trade the list already holds (read after subscribing) is not added twice', () => {
    const trade = tradeRecord();
    const data = pages([trade]);
    expect(applyTradeMessage(data, { type: 'trade', payload: { ...trade } }, market)).toBe(data);
  });

  test('a trade of another market, order or account stays out', () => {
    const data = pages([]);
    const other = tradeRecord({ makerTokenAddress: WBTC.address });
    expect(applyTradeMessage(data, { type: 'trade', payload: other }, market)).toBe(data);
    expect(
      applyTradeMessage(
        data,
        { type: 'trade', payload: tradeRecord() },
        { orderHash: `0x${'d'.repeat(64)}` },
      ),
    ).toBe(data);
    expect(applyTradeMessage(data, { type: 'trade', payload: tradeRecord() }, { trader: WBTC.address })).toBe(
      data,
    );
    const mine = tradeRecord();
    expect(
      applyTradeMessage(data, { type: 'trade', payload: mine }, { trader: TAKER }).pages[0]?.trades,
    ).toEqual([mine]);
  });

  test('the other direction of the market is the same market', () => {
    const reverse = tradeRecord({ makerTokenAddress: WETH.address, takerTokenAddress: ZRX.address });
    expect(
      applyTradeMessage(pages([]), { type: 'trade', payload: reverse }, market).pages[0]?.trades,
    ).toEqual([reverse]);
  });

  test('a trade a re-org removed leaves whichever page holds it, matched by block hash and log index', () => {
    const [a, b, c] = [tradeRecord(), tradeRecord(), tradeRecord()];
    if (!a || !b || !c) throw new Error('fixtures');
    const data = applyTradeMessage(pages([c, b], [a]), { type: 'tradeRemoved', payload: { ...a } }, market);
    expect(data.pages.map((page) => page.trades)).toEqual([[c, b], []]);
    const same = pages([c]);
    expect(applyTradeMessage(same, { type: 'tradeRemoved', payload: b }, market)).toBe(same);
  });
});
