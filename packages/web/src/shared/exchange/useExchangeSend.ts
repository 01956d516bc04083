import { exchangeArtifact } from '@relayer/contracts';
import type { Address, Hex } from '@relayer/protocol';
import { useCallback } from 'react';
import type { TransactionReceipt } from 'viem';
import { useNetworkInfo } from '../../network/useNetworkInfo';
import type { TxRequest } from '../../tx/TxRequest';
import type { TxStatus } from '../../tx/TxStatus';
import { useTrackedTx } from '../../tx/useTrackedTx';
import { useWallet } from '../../wallet/useWallet';
import { toExchangeRevert } from './toExchangeRevert';

/** Any Exchange write in the `{ functionName, args }` shape (fill, cancel, their batch forms). */
export interface ExchangeRequest {
  functionName: string;
  args: readonly unknown[];
}

/** A sent Exchange call: its receipt, on this network's Exchange, and the first hash if it was sped up. */
export interface ExchangeSent {
  exchange: Address;
  receipt: TransactionReceipt;
  spedUpFrom?: Hex;
}

export interface ExchangeSend {
  /** The transaction `call` is, for its network cost before the prompt; undefined until settings load. */
  request(call: ExchangeRequest): TxRequest | undefined;
  /**
   * Simulates `call` from the connected account (a revert is explained before the wallet asks anything;
   * `check` may refuse the simulated result), then sends it through the transaction layer and waits for
   * its receipt, following a replacement.
   */
  send(call: ExchangeRequest, check?: (result: unknown) => void): Promise<ExchangeSent>;
  /** Where the last send stands (pending, replaced, confirmed, failed), for the dialog to show. */
  status: TxStatus;
}

/** The one way every Exchange write of the app is simulated, sent and followed. */
export function useExchangeSend(): ExchangeSend {
  const { address, publicClient } = useWallet();
  const exchange = useNetworkInfo()?.exchange;
  const tracked = useTrackedTx();
  const request = useCallback(
    (call: ExchangeRequest): TxRequest | undefined =>
      exchange && { address: exchange, abi: exchangeArtifact.abi, ...call },
    [exchange],
  );
  const { send: sendTracked } = tracked;
  const send = useCallback(
    async (call: ExchangeRequest, check?: (result: unknown) => void): Promise<ExchangeSent> => {
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
      check?.(result);
      const sent = await sendTracked({ address: exchange, abi: exchangeArtifact.abi, ...call });
      return { exchange, receipt: sent.receipt, spedUpFrom: sent.spedUpFrom };
    },
    [address, publicClient, exchange, sendTracked],
  );
  return { request, send, status: tracked.status };
}
