import { type BatchOrderResult, RelayerError } from '@relayer/protocol';
import type { FastifyBaseLogger } from 'fastify';
import { internalErrorResponse, toErrorResponse } from '../errors/toErrorResponse.js';
import { toRelayerError } from '../errors/toRelayerError.js';
import { createWriteGathering } from './createWriteGathering.js';
import { type SubmitOrderContext, submitOrder } from './submitOrder.js';

/** Most orders one batch submission may carry. */
export const MAX_BATCH_ORDERS = 100;

/**
 * `POST /orders`: up to MAX_BATCH_ORDERS signed orders, each accepted exactly as `POST /order/new`
 * accepts one (every check, quota and refusal), checked side by side, and the accepted ones written in
 * one commit once every order is decided. A refusal of one order never affects another's.
 */
export async function submitOrders(
  context: SubmitOrderContext,
  body: unknown,
  log: FastifyBaseLogger,
): Promise<BatchOrderResult[]> {
  if (!Array.isArray(body)) {
    throw new RelayerError('INCORRECT_FORMAT', 'The body must be a JSON array of signed orders', 'orders');
  }
  if (body.length === 0 || body.length > MAX_BATCH_ORDERS) {
    throw new RelayerError(
      'VALUE_OUT_OF_RANGE',
      `A batch holds 1 to ${MAX_BATCH_ORDERS} orders, not ${body.length}`,
      'orders',
    );
  }
  const gathering = createWriteGathering(context.accept.writer, body.length);
  return Promise.all(
    body.map(async (input, index): Promise<BatchOrderResult> => {
      const accept = { ...context.accept, writer: gathering.writerFor(index) };
      try {
        const result = await submitOrder({ ...context, accept }, input);
        return { index, status: result.status === 'created' ? 201 : 200, order: result.order };
      } catch (error) {
        const known = toRelayerError(error);
        const { status, body: answer } = known ? toErrorResponse(known) : internalErrorResponse();
        if (status >= 500) log.error({ err: error, index }, 'a batch order failed');
        return { index, status, error: answer };
      } finally {
        gathering.settled(index);
      }
    }),
  );
}
