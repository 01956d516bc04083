import type { OrderRecord } from '@relayer/protocol';
import { toSraOrder } from '../orders/toSraOrder.js';

/**
 * The `snapshot` message of an orderbook subscription, the same bytes as JSON.stringify of it, built
 * from one small Buffer per order: a snapshot of 2 × 1000 orders never becomes one large string, which
 * would stay on the heap until a full collection while many clients ask for snapshots at once.
 */
export function snapshotFrame(
  requestId: number,
  book: { bids: readonly OrderRecord[]; asks: readonly OrderRecord[] },
): Buffer {
  const side = (orders: readonly OrderRecord[]) =>
    orders.flatMap((order, i) => [...(i ? [COMMA] : []), Buffer.from(JSON.stringify(toSraOrder(order)))]);
  return Buffer.concat([
    Buffer.from(`{"type":"snapshot","channel":"orderbook","requestId":${requestId},"payload":{"bids":[`),
    ...side(book.bids),
    Buffer.from('],"asks":['),
    ...side(book.asks),
    Buffer.from(']}}'),
  ]);
}

const COMMA = Buffer.from(',');
