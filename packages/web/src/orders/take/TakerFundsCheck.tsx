import type { Address, TokenRecord } from '@relayer/protocol';
import { useEffect } from 'react';
import { FundsNotice } from '../funds/FundsNotice';
import { useFunds } from '../funds/useFunds';
import { checkFunds, type FundsStatus, requiredTakerFunds } from '../model/requiredTakerFunds';
import { ZRX_DECIMALS } from '../model/toOrderRow';

export interface TakerFundsCheckProps {
  taker: TokenRecord;
  zrx: Address;
  owner: Address | undefined;
  fillTakerAmount: bigint;
  paidTakerFee: bigint;
  onStatus(status: FundsStatus['status']): void;
}

/**
 * PROTOCOL.md §4.5 from the taker's side: the taker token and the ZRX fee (combined when the taker token
 * is ZRX) must be held and approved to the proxy. Shows what is missing and offers the Enable step.
 */
export function TakerFundsCheck({
  taker,
  zrx,
  owner,
  fillTakerAmount,
  paidTakerFee,
  onStatus,
}: TakerFundsCheckProps) {
  const { funds, enable } = useFunds(taker.address, zrx, owner);
  const status = checkFunds(requiredTakerFunds(taker.address, fillTakerAmount, paidTakerFee, zrx), funds);
  useEffect(() => onStatus(status.status), [status.status, onStatus]);
  return (
    <FundsNotice
      status={status}
      symbolOf={(token) => (token === taker.address ? taker.symbol : 'ZRX')}
      decimalsOf={(token) => (token === taker.address ? taker.decimals : ZRX_DECIMALS)}
      enable={enable}
      purpose="this fill"
    />
  );
}
