import { type Hex, toHex, writeHex, writeUint256 } from '../internal/hex';
import { keccak256 } from '../internal/keccak256';
import type { Order } from '../schemas/orderSchema';

/** The order's address fields, in the order the v1 hash packs them (also the schema's order). */
export const ADDRESS_FIELDS = [
  'exchangeContractAddress',
  'maker',
  'taker',
  'makerTokenAddress',
  'takerTokenAddress',
  'feeRecipient',
] as const;
/** The order's uint256 fields, in the order the v1 hash packs them (after the addresses). */
export const UINT_FIELDS = [
  'makerTokenAmount',
  'takerTokenAmount',
  'makerFee',
  'takerFee',
  'expirationUnixTimestampSec',
  'salt',
] as const;

/** 6 × 20-byte addresses + 6 × 32-byte words. */
export const ORDER_PREIMAGE_LENGTH = 312;

/**
 * The tightly packed pre-image of the v1 order hash (PROTOCOL.md §2): what `Exchange.getOrderHash`
 * feeds to keccak256. Exposed so tests can compare byte for byte with the documented vector.
 */
export function packOrder(order: Order): Uint8Array {
  const packed = new Uint8Array(ORDER_PREIMAGE_LENGTH);
  let offset = 0;
  for (const field of ADDRESS_FIELDS) {
    writeHex(order[field], 20, packed, offset);
    offset += 20;
  }
  for (const field of UINT_FIELDS) {
    writeUint256(BigInt(order[field]), packed, offset);
    offset += 32;
  }
  return packed;
}

/** The v1 order hash: keccak256 of the 312-byte packing; no chain id or EIP-712 domain is involved. */
export function hashOrder(order: Order): Hex {
  return toHex(keccak256(packOrder(order)));
}
