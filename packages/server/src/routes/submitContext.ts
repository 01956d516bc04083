import type { SubmitOrderContext } from '../orders/submitOrder.js';
import type { NetworkContext } from './RouteContext.js';

/** What an order submission route hands `submitOrder`: the network's acceptance and the counters. */
export function submitContext(context: NetworkContext): SubmitOrderContext {
  return { accept: context.accept, metrics: context.app.metrics };
}
