import { addressSchema, MAX_PER_PAGE } from '@relayer/protocol';
import { z } from 'zod';

/**
 * SRA v0 paging (PROTOCOL.md §9.1): 1-indexed `page`, `per_page` up to 100. A larger `per_page` is
 * served as 100 rather than refused, since v0 only says the maximum "should be" 100; the Link header
 * shows the size used.
 */
const paging = {
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce
    .number()
    .int()
    .min(1)
    .default(MAX_PER_PAGE)
    .transform((n) => Math.min(n, MAX_PER_PAGE)),
};

export const tokenPairsQuerySchema = z.strictObject({
  tokenA: addressSchema.optional(),
  tokenB: addressSchema.optional(),
  ...paging,
});

export const sraOrdersQuerySchema = z.strictObject({
  exchangeContractAddress: addressSchema.optional(),
  tokenAddress: addressSchema.optional(),
  makerTokenAddress: addressSchema.optional(),
  takerTokenAddress: addressSchema.optional(),
  maker: addressSchema.optional(),
  taker: addressSchema.optional(),
  trader: addressSchema.optional(),
  feeRecipient: addressSchema.optional(),
  ...paging,
});

export const orderbookQuerySchema = z.strictObject({
  baseTokenAddress: addressSchema,
  quoteTokenAddress: addressSchema,
  /**
   * Relayer extension: `true` answers OrderRecords (remaining and fillable amounts) with each side's
   * total (`orderbookRecordsResponseSchema`); absent or `false`, the SRA v0 answer of SignedOrders.
   */
  records: z
    .enum(['true', 'false'])
    .optional()
    .describe('Extension: true answers OrderRecords with a total per side (orderbookRecordsResponseSchema)'),
  ...paging,
});
