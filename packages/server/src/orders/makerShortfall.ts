import { type ErrorCode, getPartialAmount, NULL_ADDRESS, type Order } from '@relayer/protocol';
import type { OrderChainState } from '../chain/createChainReader.js';

/**
 * Why the maker cannot pay for filling everything that remains, or null when they can (PROTOCOL.md
 * §10.1 and the contract's §4.5 maker side): the floor-rounded maker amount from the maker token's
 * funds, the pro-rata maker fee (charged only with a fee recipient) from ZRX, one pool when the maker
 * token is ZRX. Allowance before balance, in 0x.js's order.
 */
export function makerShortfall(
  order: Order,
  chain: OrderChainState,
  remainingTaker: bigint,
): ErrorCode | null {
  const takerTokenAmount = BigInt(order.takerTokenAmount);
  const makerAmount = getPartialAmount(remainingTaker, takerTokenAmount, BigInt(order.makerTokenAmount));
  const chargesFee = order.feeRecipient !== NULL_ADDRESS && BigInt(order.makerFee) > 0n;
  const fee = chargesFee ? getPartialAmount(remainingTaker, takerTokenAmount, BigInt(order.makerFee)) : 0n;

  if (order.makerTokenAddress === chain.zrxAddress) {
    const needed = makerAmount + fee;
    if (chain.makerAllowance < needed) return 'INSUFFICIENT_MAKER_ALLOWANCE';
    if (chain.makerBalance < needed) return 'INSUFFICIENT_MAKER_BALANCE';
    return null;
  }
  if (chain.makerAllowance < makerAmount) return 'INSUFFICIENT_MAKER_ALLOWANCE';
  if (chain.makerBalance < makerAmount) return 'INSUFFICIENT_MAKER_BALANCE';
  if (chain.makerZrxAllowance < fee) return 'INSUFFICIENT_MAKER_FEE_ALLOWANCE';
  if (chain.makerZrxBalance < fee) return 'INSUFFICIENT_MAKER_FEE_BALANCE';
  return null;
}
