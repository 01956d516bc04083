import type { WsSubscribe } from '@relayer/protocol';
import { expect, test } from 'vitest';
import { subscriptionKeys } from './subscriptionKeys.js';

const A = `0x${'a'.repeat(40)}`;
const B = `0x${'b'.repeat(40)}`;
const T = `0x${'1'.repeat(40)}`;
const keys = (message: object) =>
  subscriptionKeys({ type: 'subscribe', requestId: 1, ...message } as WsSubscribe);

test('a subscription is the same whatever its snapshot options, and differs by channel and filter', () => {
  const book = (payload: object) => keys({ channel: 'orderbook', payload });
  expect(book({ baseTokenAddress: A, quoteTokenAddress: B })).toEqual(
    book({ baseTokenAddress: A, quoteTokenAddress: B, snapshot: true, limit: 5 }),
  );
  expect(book({ baseTokenAddress: A, quoteTokenAddress: B }).identity).not.toBe(
    book({ baseTokenAddress: B, quoteTokenAddress: A }).identity,
  );
  expect(keys({ channel: 'orders', payload: {} }).identity).not.toBe(
    keys({ channel: 'orders', payload: { makerTokenAddress: A } }).identity,
  );
});

test('a trades market is one filter in either direction; the trader is part of it', () => {
  const trades = (payload: object) => keys({ channel: 'trades', payload }).identity;
  expect(trades({ baseTokenAddress: A, quoteTokenAddress: B })).toBe(
    trades({ baseTokenAddress: B, quoteTokenAddress: A }),
  );
  expect(trades({ baseTokenAddress: A, quoteTokenAddress: B })).not.toBe(
    trades({ baseTokenAddress: A, quoteTokenAddress: B, trader: T }),
  );
  expect(trades({})).not.toBe(trades({ trader: T }));
});
