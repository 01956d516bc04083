import { exchangeArtifact } from '@relayer/contracts';
import type { Hex, LogErrorId } from '@relayer/protocol';
import { useCallback } from 'react';
import type { ContractFunctionArgs } from 'viem';
import { ContractLogError } from '../../errors/ContractLogError';
import { useNetworkInfo } from '../../network/useNetworkInfo';
import type { TxRequest } from '../../tx/TxRequest';
import type { TxStatus } from '../../tx/TxStatus';
import { useTrackedTx } from '../../tx/useTrackedTx';
import { useWallet } from '../../wallet/useWallet';
import { decodeExchangeLogs, type ExchangeOutcome } from './decodeExchangeLogs';
import { toExchangeRevert } from './toExchangeRevert';

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
 * Sends a fill or cancel to the Exchange from the connected account: simulated first, so a revert is
 * explained before the wallet asks anything and a call that would move nothing is not sent at all;
 * then sent and followed by the transaction layer (src/tx: refused if its gas estimate reverts,
 * followed through a replacement), and the receipt's LogFill / LogCancel / LogError says what happened.
 * LogErrors throw ContractLogError.
 */
export function useExchangeWrite(): ExchangeWrite {
  const { address, publicClient } = useWallet();
  const networkInfo = useNetworkInfo();
  const tracked = useTrackedTx();
  const exchange = networkInfo?.exchange;
  const request = useCallback(
    (call: ExchangeCall): TxRequest | undefined =>
      exchange && { address: exchange, abi: exchangeArtifact.abi, ...call },
    [exchange],
  );
  const { send } = tracked;
  const write = useCallback(
    async (call: ExchangeCall, orderHash: Hex, explainZero: ExplainZero) => {
      if (!address || !publicClient) throw new Error('Connect your wallet first');
      if (!exchange) throw new Error('The relayer settings have not loaded yet: try again in a moment');
      const { result } = await publicClient
        .simulateContract({
          address: exchange,
          abi: exchangeArtifact.abi,
          account: address,
          ...call,
        } as Parameters<typeof publicClient.simulateContract>[0])
        .catch((err: unknown) => {
          throw toExchangeRevert(err);
        });
      if (result === 0n) {
        const id = explainZero();
        throw new ContractLogError(id, orderHash);
      }
      const { receipt, spedUpFrom } = await send({ address: exchange, abi: exchangeArtifact.abi, ...call });
      const outcome = decodeExchangeLogs(receipt.logs, exchange, orderHash);
      if (outcome.kind === 'error') throw new ContractLogError(outcome.errorId, orderHash);
      return { ...outcome, spedUpFrom };
    },
    [address, publicClient, exchange, send],
  );
  return { request, write, status: tracked.status };
}
