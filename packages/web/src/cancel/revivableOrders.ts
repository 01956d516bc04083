import type { OrderRecord } from '@relayer/protocol';
import { orderStatus } from '../shared/order/orderStatus';

/**
 * The maker's unfunded orders that more of `token` (an approval or a deposit) could make fillable
 * again: those still cancellable whose shortfall is in that token. They are often forgotten ones.
 */
export function revivableOrders(
  orders: readonly OrderRecord[],
  token: string,
  nowSec: bigint,
): OrderRecord[] {
  const wanted = token.toLowerCase();
  return orders.filter((order) => {
    if (order.state !== 'unfunded') return false;
    const status = orderStatus(order, nowSec);
    return status.cancellable && status.missing.some((missing) => missing.token === wanted);
  });
}
