import { expect, test } from 'vitest';
import { sampleOrderRecord } from '../../test/helpers/sampleOrderRecord.js';
import { toSraOrder } from '../orders/toSraOrder.js';
import { snapshotFrame } from './snapshotFrame.js';

test('is the JSON of the snapshot message, for empty and non-empty sides', () => {
  const orders = [1, 2, 3].map((i) =>
    sampleOrderRecord({ orderHash: `0x${String(i).repeat(64)}`, salt: String(i) }),
  );
  for (const book of [
    { bids: [], asks: [] },
    { bids: orders.slice(0, 1), asks: orders },
    { bids: orders, asks: [] },
  ]) {
    const expected = {
      type: 'snapshot',
      channel: 'orderbook',
      requestId: 7,
      payload: { bids: book.bids.map(toSraOrder), asks: book.asks.map(toSraOrder) },
    };
    expect(snapshotFrame(7, book).toString()).toBe(JSON.stringify(expected));
  }
});
