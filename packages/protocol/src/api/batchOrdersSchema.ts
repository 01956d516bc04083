import { z } from 'zod';
import { orderRecordSchema } from './orderRecordSchema';
import { errorResponseSchema } from './responses';

/** One order's outcome in `POST /orders`, at its index in the request: stored, already open, or refused. */
export const batchOrderResultSchema = z.union([
  z.object({
    index: z.number().int(),
    status: z.union([z.literal(200), z.literal(201)]),
    order: orderRecordSchema,
  }),
  z.object({ index: z.number().int(), status: z.number().int(), error: errorResponseSchema }),
]);
export type BatchOrderResult = z.infer<typeof batchOrderResultSchema>;

/** `POST /orders` answer: one result per submitted order, in request order. */
export const batchOrdersResponseSchema = z.object({ results: z.array(batchOrderResultSchema) });
export type BatchOrdersResponse = z.infer<typeof batchOrdersResponseSchema>;
