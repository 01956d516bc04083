import type { exchangeArtifact } from '@relayer/contracts';
import type { Hex, LogErrorId } from '@relayer/protocol';
import { useCallback } from 'react';
import type { ContractFunctionArgs } from 'viem';
import { ContractLogError } from '../../errors/ContractLogError';
import type { TxRequest } from '../../tx/TxRequest';
import type { TxStatus } from '../../tx/TxStatus';
import { decodeExchangeLogs, type ExchangeOutcome } from './decodeExchangeLogs';
import { useExchangeSend } from './useExchangeSend';

type Abi = typeof exchangeArtifact.abi;
export type ExchangeCall =
  | { functionName: 'fillOrder'; args: ContractFunctionArgs<Abi, 'nonpayable', 'fillOrder'> }
  | { functionName: 'cancelOrder'; args: ContractFunctionArgs<Abi, 'nonpayable', 'cancelOrder'> };

/** Why a call would do nothing, decided before sending it (the Exchange reports it only in a LogError). */
export type ExplainZero = () => LogErrorId;

/** What the Exchange did, and the hash first sent when the wallet sped the transaction up. */
export type ExchangeWriteOutcome = ExchangeOutcome & { spedUpFrom?: Hex };

export interface ExchangeWrite {
  /** The transaction `call` is, for its network cost before the prompt; undefined until settings load. */
  request(call: ExchangeCall): TxRequest | undefined;
  /** Sends `call`; resolves with what the Exchange did, or throws the reason in words. */
  write(call: ExchangeCall, orderHash: Hex, explainZero: ExplainZero): Promise<ExchangeWriteOutcome>;
  /** Where the last write stands (pending, replaced, confirmed, failed), for the dialog to show. */
  status: TxStatus;
}

/**
 * Sends a fill or cancel to the Exchange from the connected account (`useExchangeSend`: simulated
 * first, refused if its gas estimate reverts, followed through a replacement). A call that would move
 * nothing is not sent at all; the receipt's LogFill / LogCancel / LogError says what happened.
 * LogErrors throw ContractLogError.
 */
export function useExchangeWrite(): ExchangeWrite {
  const { request, send, status } = useExchangeSend();
  const write = useCallback(
    async (call: ExchangeCall, orderHash: Hex, explainZero: ExplainZero) => {
      const { exchange, receipt, spedUpFrom } = await send(call, (result) => {
        if (result === 0n) throw new ContractLogError(explainZero(), orderHash);
      });
      const outcome = decodeExchangeLogs(receipt.logs, exchange, orderHash);
      if (outcome.kind === 'error') throw new ContractLogError(outcome.errorId, orderHash);
      return { ...outcome, spedUpFrom };
    },
    [send],
  );
  return { request, write, status };
}
