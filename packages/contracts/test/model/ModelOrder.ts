import { hashOrder, recoverSigner } from '@relayer/protocol';
import type { Hex } from 'viem';
import type { EcSignature, Order } from '../helpers/orders.js';
import { type Address, NULL_ADDRESS } from './ModelWorld.js';

/** A signed v1 order with the contract's field names (PROTOCOL.md §1.1). */
export type ModelOrder = Order & EcSignature;

/** The order hash (PROTOCOL.md §2), with the protocol package's implementation. */
export function modelOrderHash(exchange: Address, order: ModelOrder): Hex {
  return hashOrder({
    exchangeContractAddress: exchange,
    maker: order.maker,
    taker: order.taker,
    makerTokenAddress: order.makerToken,
    takerTokenAddress: order.takerToken,
    feeRecipient: order.feeRecipient,
    makerTokenAmount: order.makerTokenAmount.toString(),
    takerTokenAmount: order.takerTokenAmount.toString(),
    makerFee: order.makerFee.toString(),
    takerFee: order.takerFee.toString(),
    expirationUnixTimestampSec: order.expirationTimestampInSec.toString(),
    salt: order.salt.toString(),
  }) as Hex;
}

/**
 * The Exchange's `isValidSignature(maker, hash, v, r, s)` (PROTOCOL.md §3.2): ecrecover of the
 * prefixed hash equals the maker, where a signature ecrecover cannot recover yields the null address
 * (so it is "valid" for a null maker, as in v1).
 */
export function isValidModelSignature(hash: Hex, order: ModelOrder): boolean {
  const recovered = recoverSigner(hash, { v: order.v, r: order.r, s: order.s }) ?? NULL_ADDRESS;
  return recovered === order.maker;
}
