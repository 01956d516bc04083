import { z } from 'zod';
import { orderRecordSchema } from './orderRecordSchema';

/**
 * `GET {prefix}/v0/orderbook?…&records=true`: the relayer's extension of SRA v0's orderbook for a market
 * view. The same bids and asks in the same order as the SRA answer (best price first, PROTOCOL.md §9.2;
 * bids take the base token, asks give it), one page of each, as OrderRecords: what remains and what is
 * fillable, not only the signed amounts. `total` counts each side's open orders, so a client knows
 * where each side ends; `page` and `perPage` are the page served (`per_page` above 100 is served as 100).
 */
export const orderbookRecordsResponseSchema = z.object({
  bids: z.array(orderRecordSchema),
  asks: z.array(orderRecordSchema),
  total: z.object({
    bids: z.number().int().nonnegative(),
    asks: z.number().int().nonnegative(),
  }),
  page: z.number().int().positive(),
  perPage: z.number().int().positive(),
});
export type OrderbookRecordsResponse = z.infer<typeof orderbookRecordsResponseSchema>;
