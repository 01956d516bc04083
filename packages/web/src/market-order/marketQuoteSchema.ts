import { addressSchema, bytes32Schema, signedOrderSchema, uint256StringSchema } from '@relayer/protocol';
import { z } from 'zod';

/** An exact non-negative decimal string, as the relayer writes prices. */
const decimalSchema = z.string().regex(/^\d+(\.\d+)?$/);

/**
 * The relayer's `GET {prefix}/quote` answer (docs/API.md), as the web app reads it: the orders to send,
 * best price first, with the taker amount of each and what it yields. A stand-in for the protocol's
 * `quoteResponseSchema` until that ships; the two describe one contract.
 */
export const marketQuoteSchema = z.object({
  sellToken: addressSchema,
  buyToken: addressSchema,
  sellAmount: uint256StringSchema,
  buyAmount: uint256StringSchema,
  price: decimalSchema.nullable(),
  worstPrice: decimalSchema.nullable(),
  bestPrice: decimalSchema.nullable(),
  complete: z.boolean(),
  shortfall: uint256StringSchema,
  orders: z.array(
    z.object({
      order: signedOrderSchema,
      orderHash: bytes32Schema,
      fillTakerAmount: uint256StringSchema,
      makerAmount: uint256StringSchema,
      takerFee: uint256StringSchema,
    }),
  ),
  takerFee: uint256StringSchema,
  exchangeCall: z.enum(['fillOrdersUpTo', 'batchFillOrders']),
  fillTakerAmount: uint256StringSchema,
  gas: uint256StringSchema,
  exchange: addressSchema,
});
export type MarketQuote = z.infer<typeof marketQuoteSchema>;
export type QuotedOrder = MarketQuote['orders'][number];
