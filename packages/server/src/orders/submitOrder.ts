import { RelayerError } from '@relayer/protocol';
import type { AppMetrics } from '../ops/createAppMetrics.js';
import { type AcceptContext, type AcceptResult, acceptOrder } from './acceptOrder.js';

export interface SubmitOrderContext {
  accept: AcceptContext;
  metrics: Pick<AppMetrics, 'ordersAccepted' | 'ordersRefused'>;
}

/**
 * An order submission as every submission route makes it (`POST /order/new`, `POST /v0/order`):
 * acceptance, then the outcome counted by result or refusal code. Routes only turn the result into their
 * own answer. (The accepted order's event is the book's change signal: the next page read here shows it.)
 */
export async function submitOrder(context: SubmitOrderContext, body: unknown): Promise<AcceptResult> {
  const network = context.accept.network.key;
  try {
    const result = await acceptOrder(context.accept, body);
    context.metrics.ordersAccepted.inc({ network, result: result.status });
    return result;
  } catch (error) {
    const code = error instanceof RelayerError ? error.code : 'INTERNAL_ERROR';
    context.metrics.ordersRefused.inc({ network, code });
    throw error;
  }
}
