import type { Address } from '@relayer/protocol';
import type { FundsRequirement } from '../funds/checkFunds';

/**
 * What the maker must hold and have approved to the TokenTransferProxy for the relayer to accept the
 * order (docs/API.md, acceptance): the maker token amount, plus ZRX for the maker fee when there is a
 * fee, one ZRX requirement when the maker token is ZRX itself.
 */
export function requiredMakerFunds(
  makerTokenAddress: Address,
  makerTokenAmount: bigint,
  makerFee: bigint,
  zrxAddress: Address | undefined,
): FundsRequirement[] {
  if (makerFee === 0n || !zrxAddress) return [{ token: makerTokenAddress, amount: makerTokenAmount }];
  if (makerTokenAddress === zrxAddress) return [{ token: zrxAddress, amount: makerTokenAmount + makerFee }];
  return [
    { token: makerTokenAddress, amount: makerTokenAmount },
    { token: zrxAddress, amount: makerFee },
  ];
}
