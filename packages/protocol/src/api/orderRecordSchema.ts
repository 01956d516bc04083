import { z } from 'zod';
import { addressSchema } from '../schemas/addressSchema';
import { bytes32Schema } from '../schemas/bytes32Schema';
import { signedOrderSchema } from '../schemas/signedOrderSchema';
import { uint256StringSchema } from '../schemas/uint256StringSchema';

/** Where an order stands in the relayer's book. Only `open` orders are listed by default. */
export const orderStateSchema = z.enum(['open', 'filled', 'cancelled', 'expired', 'unfunded']);
export type OrderState = z.infer<typeof orderStateSchema>;

/**
 * Why an order is not fillable, in 0x.js's names (PROTOCOL.md §6, §10): nothing remains (filled or
 * cancelled), expired, the maker lacks the maker token or ZRX for the fee (balance or allowance to the
 * token transfer proxy), what remains is too small to fill without rounding away more than 0.1 %, or
 * the maker token's simulated transfer did not move what it reported (the relayer's own check), or the
 * relayer's operator took it out of the book (one of its tokens unlisted, or the maker's orders removed).
 */
export const fillabilityReasonSchema = z.enum([
  'ORDER_REMAINING_FILL_AMOUNT_ZERO',
  'ORDER_FILL_EXPIRED',
  'ORDER_FILL_ROUNDING_ERROR',
  'INSUFFICIENT_MAKER_BALANCE',
  'INSUFFICIENT_MAKER_ALLOWANCE',
  'INSUFFICIENT_MAKER_FEE_BALANCE',
  'INSUFFICIENT_MAKER_FEE_ALLOWANCE',
  'TOKEN_TRANSFER_DISHONEST',
  'TOKEN_UNLISTED',
  'REMOVED_BY_OPERATOR',
]);
export type FillabilityReason = z.infer<typeof fillabilityReasonSchema>;

/**
 * What the maker lacks to fill everything that remains of an order: of `token`, the `kind` (balance, or
 * allowance to the token transfer proxy) is `available` where `required` is needed, for `covers`: the
 * maker amount, the maker fee (ZRX), or both when the maker token is ZRX (one pool). Amounts in base
 * units; what is missing is `required - available`.
 */
export const shortfallSchema = z.object({
  token: addressSchema,
  kind: z.enum(['balance', 'allowance']),
  covers: z.enum(['amount', 'fee', 'amountAndFee']),
  required: uint256StringSchema,
  available: uint256StringSchema,
});
export type Shortfall = z.infer<typeof shortfallSchema>;

/**
 * A signed order as the relayer serves it: the SRA v0 SignedOrder plus the relayer's view of it.
 * `remaining*` is what the Exchange would still let be filled (takerTokenAmount - filled - cancelled);
 * `fillable*` is that amount further limited by the maker's balance and allowance (PROTOCOL.md §10).
 */
export const orderRecordSchema = signedOrderSchema.extend({
  orderHash: bytes32Schema,
  state: orderStateSchema,
  filledTakerTokenAmount: uint256StringSchema,
  cancelledTakerTokenAmount: uint256StringSchema,
  remainingTakerTokenAmount: uint256StringSchema,
  remainingMakerTokenAmount: uint256StringSchema,
  fillableTakerTokenAmount: uint256StringSchema,
  fillableMakerTokenAmount: uint256StringSchema,
  /** Unix milliseconds when the relayer accepted the order. */
  createdAt: z.number().int(),
  /*
   * `reason` and `shortfalls` are always sent. They are optional in the schema only so that clients and
   * fixtures written before them still parse; make them required once the web app reads them.
   */
  /**
   * Why the order is not open (null when it is): filled and cancelled orders say
   * ORDER_REMAINING_FILL_AMOUNT_ZERO, expired ones ORDER_FILL_EXPIRED, unfunded ones what the chain
   * watcher found (null for an unfunded order stored before reasons were kept, until it is re-read).
   */
  reason: fillabilityReasonSchema.nullable().optional().describe('Why the order is not open; null when open'),
  /**
   * What the maker lacks to fill all that remains, as last read from the chain: empty when the maker
   * covers it. Set on open orders (partly funded: `fillable*` is below `remaining*`) and unfunded ones;
   * empty on filled, cancelled and expired orders.
   */
  shortfalls: z
    .array(shortfallSchema)
    .optional()
    .describe('What the maker lacks to fill all that remains; empty when nothing'),
});
export type OrderRecord = z.infer<typeof orderRecordSchema>;
