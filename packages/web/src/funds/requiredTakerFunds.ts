import type { Address } from '@relayer/protocol';
import type { FundsRequirement } from './checkFunds';

/**
 * What the taker must hold and have approved to the TokenTransferProxy for a fill, or for all the fills
 * of a market order (PROTOCOL.md §4.5): the taker token, plus ZRX for the taker fee, combined into one
 * requirement when the taker token is ZRX.
 */
export function requiredTakerFunds(
  takerTokenAddress: Address,
  fillTakerAmount: bigint,
  paidTakerFee: bigint,
  zrxAddress: Address,
): FundsRequirement[] {
  if (takerTokenAddress === zrxAddress)
    return [{ token: zrxAddress, amount: fillTakerAmount + paidTakerFee }];
  const needs: FundsRequirement[] = [{ token: takerTokenAddress, amount: fillTakerAmount }];
  if (paidTakerFee > 0n) needs.push({ token: zrxAddress, amount: paidTakerFee });
  return needs;
}
