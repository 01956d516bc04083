import { NULL_ADDRESS, type Order, type Shortfall } from '@relayer/protocol';
import type { OrderChainState } from '../chain/createChainReader.js';

/**
 * What the maker lacks to fill everything that remains of an order (the same needs as acceptance's
 * `makerShortfall`, PROTOCOL.md §4.5's maker side): the floor-rounded maker amount of the maker token
 * and the pro-rata maker fee in ZRX (charged only with a fee recipient), one ZRX pool when the maker
 * token is ZRX. For each need, the allowance to the token transfer proxy and then the balance when
 * either is below it (0x.js's order). Empty when the maker covers everything.
 */
export function findShortfalls(order: Order, chain: OrderChainState, remainingTaker: bigint): Shortfall[] {
  const takerTokenAmount = BigInt(order.takerTokenAmount);
  if (remainingTaker === 0n || takerTokenAmount === 0n) return [];
  // getPartialAmount's floor, without its uint256 overflow check: a product above 2^256 (the contract
  // would revert on such a fill) must not throw here and fail the watcher's whole batch; what the
  // maker would need is still this exact quotient.
  const partial = (target: bigint) => (remainingTaker * target) / takerTokenAmount;
  const amount = partial(BigInt(order.makerTokenAmount));
  const chargesFee = order.feeRecipient !== NULL_ADDRESS && BigInt(order.makerFee) > 0n;
  const fee = chargesFee ? partial(BigInt(order.makerFee)) : 0n;

  const needs: { token: Order['makerTokenAddress']; covers: Shortfall['covers']; required: bigint }[] = [];
  const held: Record<string, { balance: bigint; allowance: bigint }> = {};
  if (order.makerTokenAddress === chain.zrxAddress) {
    needs.push({
      token: chain.zrxAddress,
      covers: fee > 0n ? 'amountAndFee' : 'amount',
      required: amount + fee,
    });
    held[chain.zrxAddress] = { balance: chain.makerBalance, allowance: chain.makerAllowance };
  } else {
    needs.push({ token: order.makerTokenAddress, covers: 'amount', required: amount });
    held[order.makerTokenAddress] = { balance: chain.makerBalance, allowance: chain.makerAllowance };
    if (fee > 0n) {
      needs.push({ token: chain.zrxAddress, covers: 'fee', required: fee });
      held[chain.zrxAddress] = { balance: chain.makerZrxBalance, allowance: chain.makerZrxAllowance };
    }
  }
  const shortfalls: Shortfall[] = [];
  for (const need of needs) {
    const funds = held[need.token] as { balance: bigint; allowance: bigint };
    for (const kind of ['allowance', 'balance'] as const) {
      if (funds[kind] < need.required) {
        shortfalls.push({
          token: need.token,
          kind,
          covers: need.covers,
          required: need.required.toString(),
          available: funds[kind].toString(),
        });
      }
    }
  }
  return shortfalls;
}
