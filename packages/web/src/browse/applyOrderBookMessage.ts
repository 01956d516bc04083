import type { OrderListResponse, WsServerMessage } from '@relayer/protocol';

/**
 * Patches one cached page of `GET /order` with a live message, so changes show before the refetch:
 * `remove` (and a `state` that left `open`) drops the row, `state` updates its remaining and fillable
 * amounts. A new order (`update`) is not placed here: only the server knows where it sorts, so the
 * caller refetches. Returns the same object when nothing on this page changed.
 */
export function applyOrderBookMessage(page: OrderListResponse, message: WsServerMessage): OrderListResponse {
  if (message.type !== 'remove' && message.type !== 'state') return page;
  const { orderHash, state } = message.payload;
  const index = page.orders.findIndex((order) => order.orderHash === orderHash);
  if (index === -1) return page;
  if (message.type === 'remove' || state !== 'open') {
    return {
      ...page,
      orders: page.orders.filter((_, i) => i !== index),
      total: Math.max(0, page.total - 1),
    };
  }
  const { orderHash: _hash, ...amounts } = message.payload;
  const orders = page.orders.map((order, i) => (i === index ? { ...order, ...amounts } : order));
  return { ...page, orders };
}
