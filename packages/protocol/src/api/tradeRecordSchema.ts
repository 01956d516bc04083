import { z } from 'zod';
import { addressSchema } from '../schemas/addressSchema';
import { bytes32Schema } from '../schemas/bytes32Schema';
import { uint256StringSchema } from '../schemas/uint256StringSchema';

/**
 * One fill of an order the relayer stores, as the Exchange logged it (`LogFill`, PROTOCOL.md §5.1), by
 * whoever sent the fill. A trade is identified by `blockHash` + `logIndex` (unique on every chain);
 * pages are ordered by `blockNumber`, then `logIndex`, newest first. Amounts are base units.
 */
export const tradeRecordSchema = z.object({
  transactionHash: bytes32Schema,
  blockNumber: z.number().int().nonnegative(),
  blockHash: bytes32Schema,
  /** The log's index within its block. */
  logIndex: z.number().int().nonnegative(),
  /** The block's timestamp, Unix seconds. */
  timestamp: z.number().int().nonnegative().describe("The block's timestamp, Unix seconds"),
  orderHash: bytes32Schema,
  maker: addressSchema,
  /** Who sent the fill (the Exchange's msg.sender). */
  taker: addressSchema,
  /** The order's fee recipient; the null address when the order charges no fees. */
  feeRecipient: addressSchema,
  makerTokenAddress: addressSchema,
  takerTokenAddress: addressSchema,
  /** Maker token the taker received. */
  filledMakerTokenAmount: uint256StringSchema,
  /** Taker token the maker received. */
  filledTakerTokenAmount: uint256StringSchema,
  /** ZRX (base units) the maker paid the fee recipient. */
  paidMakerFee: uint256StringSchema,
  /** ZRX (base units) the taker paid the fee recipient. */
  paidTakerFee: uint256StringSchema,
});
export type TradeRecord = z.infer<typeof tradeRecordSchema>;
