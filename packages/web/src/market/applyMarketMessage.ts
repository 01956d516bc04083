import type { OrderbookRecordsResponse, OrderRecord, WsServerMessage } from '@relayer/protocol';

/**
 * Patches a cached market book with a live message so a change shows before the refetch: `remove` (or
 * a `state` that left `open`) drops the order from its side, `state` updates its remaining and
 * fillable amounts. A new order (`update`) is not placed here: the refetch brings it with its record.
 * Returns the same object when nothing changed.
 */
export function applyMarketMessage(
  book: OrderbookRecordsResponse,
  message: WsServerMessage,
): OrderbookRecordsResponse {
  if (message.type !== 'remove' && message.type !== 'state') return book;
  const { orderHash } = message.payload;
  const patch = (orders: OrderRecord[]): OrderRecord[] => {
    const index = orders.findIndex((order) => order.orderHash === orderHash);
    if (index === -1) return orders;
    if (message.type === 'remove' || message.payload.state !== 'open')
      return orders.filter((_, i) => i !== index);
    const { orderHash: _hash, ...amounts } = message.payload;
    return orders.map((order, i) => (i === index ? { ...order, ...amounts } : order));
  };
  const bids = patch(book.bids);
  const asks = patch(book.asks);
  if (bids === book.bids && asks === book.asks) return book;
  return {
    ...book,
    bids,
    asks,
    total: {
      bids: book.total.bids - (book.bids.length - bids.length),
      asks: book.total.asks - (book.asks.length - asks.length),
    },
  };
}
