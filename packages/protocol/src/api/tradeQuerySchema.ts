import { z } from 'zod';
import { addressSchema } from '../schemas/addressSchema';
import { bytes32Schema } from '../schemas/bytes32Schema';
import { perPageParam, requireBothOfPair } from './queryParams';
import { tradeRecordSchema } from './tradeRecordSchema';

export const TRADES_DEFAULT_PER_PAGE = 50;
export const TRADES_MAX_PER_PAGE = 100;

/**
 * Query of `GET {prefix}/trades`. Every filter given must hold (they combine with AND). Newest first
 * (block number, then log index); `cursor` is the `nextCursor` of the previous page, an opaque keyset
 * position that costs the same at any depth.
 */
export const tradeQuerySchema = z
  .strictObject({
    orderHash: bytes32Schema.optional().describe('Fills of this order'),
    maker: addressSchema.optional().describe('The order maker'),
    taker: addressSchema.optional().describe('Who sent the fill'),
    trader: addressSchema.optional().describe('Maker or taker'),
    makerTokenAddress: addressSchema.optional(),
    takerTokenAddress: addressSchema.optional(),
    tokenAddress: addressSchema.optional().describe('Either side'),
    baseTokenAddress: addressSchema
      .optional()
      .describe('With quoteTokenAddress: the market, in either direction'),
    quoteTokenAddress: addressSchema
      .optional()
      .describe('With baseTokenAddress: the market, in either direction'),
    cursor: z.string().max(200).optional().describe('nextCursor of the previous page'),
    per_page: perPageParam(TRADES_MAX_PER_PAGE, TRADES_DEFAULT_PER_PAGE),
  })
  .superRefine(requireBothOfPair);
export type TradeQuery = z.infer<typeof tradeQuerySchema>;

/**
 * `GET {prefix}/trades` answer. `nextCursor` is null on the last page. A page holds at most `per_page`
 * trades and, only when several filters combine, may hold fewer (even none) while `nextCursor` is
 * still set: each page reads a bounded stretch of the history. Follow `nextCursor` until it is null.
 */
export const tradeListResponseSchema = z.object({
  trades: z.array(tradeRecordSchema),
  nextCursor: z.string().nullable(),
});
export type TradeListResponse = z.infer<typeof tradeListResponseSchema>;
