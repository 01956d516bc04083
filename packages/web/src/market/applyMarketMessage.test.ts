import type { OrderbookRecordsResponse } from '@relayer/protocol';
import { describe, expect, test } from 'vitest';
import { orderRecord, WETH, ZRX } from '../test/fixtures';
import { removeMessage } from '../test/removeMessage';
import { applyMarketMessage } from './applyMarketMessage';

const ask = orderRecord({ makerTokenAddress: ZRX.address, takerTokenAddress: WETH.address });
const bid = orderRecord({ makerTokenAddress: WETH.address, takerTokenAddress: ZRX.address });
const book: OrderbookRecordsResponse = {
  asks: [ask],
  bids: [bid],
  total: { asks: 3, bids: 1 },
  page: 1,
  perPage: 100,
};
const amounts = {
  remainingTakerTokenAmount: '100',
  remainingMakerTokenAmount: '500',
  fillableTakerTokenAmount: '50',
  fillableMakerTokenAmount: '250',
};

describe('applyMarketMessage', () => {
  test('a removal drops the order from its side and its total', () => {
    const next = applyMarketMessage(book, removeMessage('orderbook', ask.orderHash, 'cancelled'));
    expect(next.asks).toEqual([]);
    expect(next.total).toEqual({ asks: 2, bids: 1 });
    expect(next.bids).toBe(book.bids);
  });

  test('a state change updates the remaining and fillable amounts; one that leaves open drops it', () => {
    const state = (s: 'open' | 'unfunded') =>
      applyMarketMessage(book, {
        type: 'state',
        channel: 'orderbook',
        requestId: 1,
        payload: { orderHash: bid.orderHash, state: s, ...amounts },
      });
    expect(state('open').bids[0]).toEqual({ ...bid, ...amounts, state: 'open' });
    expect(state('unfunded').bids).toEqual([]);
  });

  test('an order not on the page, or a new order, leaves the book as it is', () => {
    const other = { orderHash: `0x${'9'.repeat(64)}` as const, state: 'filled' as const };
    expect(
      applyMarketMessage(book, { type: 'remove', channel: 'orderbook', requestId: 1, payload: other }),
    ).toBe(book);
    expect(
      applyMarketMessage(book, { type: 'update', channel: 'orderbook', requestId: 1, payload: ask }),
    ).toBe(book);
  });
});
