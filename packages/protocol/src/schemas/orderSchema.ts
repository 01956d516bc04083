import { z } from 'zod';
import { addressSchema } from './addressSchema';
import { uint256StringSchema } from './uint256StringSchema';

/**
 * A v1 order in its JSON form (PROTOCOL.md §1.1). Stricter than 0x's `/Order`: the two token addresses
 * are required (the schema's omission would let an unhashable order through) and amounts must be
 * integers below 2^256.
 *
 * Extra keys are stripped, not refused: 0x's schemas never set `additionalProperties: false`, so SRA
 * clients send extras (an `orderHash`, UI state) and must keep working; stripping means nothing
 * unvalidated is stored or echoed back, and the hash only ever sees the twelve fields.
 */
export const orderSchema = z.object({
  exchangeContractAddress: addressSchema,
  maker: addressSchema,
  taker: addressSchema,
  makerTokenAddress: addressSchema,
  takerTokenAddress: addressSchema,
  feeRecipient: addressSchema,
  makerTokenAmount: uint256StringSchema,
  takerTokenAmount: uint256StringSchema,
  makerFee: uint256StringSchema,
  takerFee: uint256StringSchema,
  expirationUnixTimestampSec: uint256StringSchema,
  salt: uint256StringSchema,
});

export type Order = z.infer<typeof orderSchema>;
