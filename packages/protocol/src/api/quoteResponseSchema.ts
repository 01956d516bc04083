import { z } from 'zod';
import { addressSchema } from '../schemas/addressSchema';
import { bytes32Schema } from '../schemas/bytes32Schema';
import { signedOrderSchema } from '../schemas/signedOrderSchema';
import { uint256StringSchema } from '../schemas/uint256StringSchema';

/** An exact decimal price (buyToken per whole sellToken), rounded down to 18 significant digits. */
const priceSchema = z
  .string()
  .regex(/^\d+(\.\d+)?$/)
  .nullable();

/** One order of a quote and what to fill it with. */
export const quoteOrderSchema = z.object({
  /** The order as `GET /v0/orders` answers it. */
  order: signedOrderSchema,
  orderHash: bytes32Schema,
  /** Base units of sellToken (the order's taker token) to fill it with. */
  fillTakerAmount: uint256StringSchema.describe('Base units of sellToken to fill this order with'),
  /** Base units of buyToken it yields: floor(fillTakerAmount × makerTokenAmount / takerTokenAmount). */
  makerAmount: uint256StringSchema.describe('Base units of buyToken this fill yields (v1 floor rounding)'),
  /** ZRX base units the taker pays for this fill (0 without a fee recipient). */
  takerFee: uint256StringSchema.describe('ZRX base units the taker pays for this fill'),
});
export type QuoteOrder = z.infer<typeof quoteOrderSchema>;

/**
 * `GET {prefix}/quote` answer: the orders to fill, best price first, with exactly what each can fill
 * now (its remaining amount and its maker's funds, shared between one maker's orders, within v1's
 * 0.1 % rounding rule), their totals and the Exchange call that fills them. Amounts are base units;
 * prices are buyToken per whole sellToken (decimals applied), null when no order is used.
 */
export const quoteResponseSchema = z.object({
  sellToken: addressSchema,
  buyToken: addressSchema,
  /** Sum of the orders' fillTakerAmount. */
  sellAmount: uint256StringSchema.describe('Base units of sellToken the taker pays (sum of the fills)'),
  /** Sum of the orders' makerAmount. */
  buyAmount: uint256StringSchema.describe('Base units of buyToken the taker receives (sum of the fills)'),
  price: priceSchema.describe('Average price: buyAmount per sellAmount in whole tokens'),
  worstPrice: priceSchema.describe('The price of the worst order used'),
  bestPrice: priceSchema.describe('The price of the best order used'),
  /** Whether the whole asked amount is available. */
  complete: z.boolean(),
  /** Base units of the asked side (sellAmount or buyAmount) the book cannot fill now. */
  shortfall: uint256StringSchema.describe('Base units of the asked amount not available'),
  orders: z.array(quoteOrderSchema),
  /** Sum of the orders' takerFee (ZRX base units). */
  takerFee: uint256StringSchema,
  /**
   * `fillOrdersUpTo` when every order but the last is filled to all that remains of it (so the
   * Exchange's walk gives each exactly its amount); otherwise `batchFillOrders` with each order's
   * fillTakerAmount. They differ once an order is skipped on chain: fillOrdersUpTo gives its share to
   * the orders after it, the batch leaves it unbought (docs/API.md, "Quote").
   */
  exchangeCall: z.enum(['fillOrdersUpTo', 'batchFillOrders']),
  /** The total to pass to fillOrdersUpTo (= sellAmount). */
  fillTakerAmount: uint256StringSchema,
  /** Gas the call is estimated to use, a decimal string. */
  gas: z.string().regex(/^\d+$/).describe('Gas estimate of the call, a decimal string'),
  /** The Exchange the orders are for. */
  exchange: addressSchema,
});
export type QuoteResponse = z.infer<typeof quoteResponseSchema>;
