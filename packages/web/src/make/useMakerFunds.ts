import type { Address } from '@relayer/protocol';
import { checkFunds, type FundsStatus } from '../funds/checkFunds';
import { useFunds } from '../funds/useFunds';
import { requiredMakerFunds } from './requiredMakerFunds';

export interface MakerFunds {
  /** `loading` until the order is valid and the wallet's balances and allowances are read. */
  status: FundsStatus;
  enable(token: string): Promise<void>;
}

/**
 * What the maker's wallet lacks for the order the form describes: the maker token amount and, with a
 * fee, the ZRX for it (the relayer refuses an order the maker cannot honour, so this is checked before
 * anything is signed).
 */
export function useMakerFunds(
  order: { token: Address; amount: bigint } | undefined,
  owner: Address | undefined,
  makerFee: bigint,
  zrx: Address | undefined,
): MakerFunds {
  const feeToken = makerFee > 0n ? zrx : undefined;
  const { funds, enable } = useFunds(order?.token, feeToken, order ? owner : undefined);
  const status: FundsStatus = order
    ? checkFunds(requiredMakerFunds(order.token, order.amount, makerFee, feeToken), funds)
    : { status: 'loading' };
  return { status, enable };
}
