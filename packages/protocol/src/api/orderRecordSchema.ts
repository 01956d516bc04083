import { z } from 'zod';
import { bytes32Schema } from '../schemas/bytes32Schema';
import { signedOrderSchema } from '../schemas/signedOrderSchema';
import { uint256StringSchema } from '../schemas/uint256StringSchema';

/** Where an order stands in the relayer's book. Only `open` orders are listed by default. */
export const orderStateSchema = z.enum(['open', 'filled', 'cancelled', 'expired', 'unfunded']);
export type OrderState = z.infer<typeof orderStateSchema>;

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
});
export type OrderRecord = z.infer<typeof orderRecordSchema>;
