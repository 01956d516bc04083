import { exchangeArtifact } from '@relayer/contracts';
import type { Hex, LogErrorId } from '@relayer/protocol';
import { useCallback } from 'react';
import type { ContractFunctionArgs } from 'viem';
import { ContractLogError } from '../../errors/ContractLogError';
import { useNetworkInfo } from '../../network/useNetworkInfo';
import { useWallet } from '../../wallet/useWallet';
import { decodeExchangeLogs, type ExchangeOutcome } from './decodeExchangeLogs';
import { toExchangeRevert } from './toExchangeRevert';

type Abi = typeof exchangeArtifact.abi;
export type ExchangeCall =
  | { functionName: 'fillOrder'; args: ContractFunctionArgs<Abi, 'nonpayable', 'fillOrder'> }
  | { functionName: 'cancelOrder'; args: ContractFunctionArgs<Abi, 'nonpayable', 'cancelOrder'> };

/** Why a call would do nothing, decided before sending it (the Exchange reports it only in a LogError). */
export type ExplainZero = () => LogErrorId;

/**
 * Sends a fill or cancel to the Exchange from the connected account: simulated first, so a revert is
 * explained before the wallet asks anything and a call that would move nothing is not sent at all;
 * then the receipt's LogFill / LogCancel / LogError says what happened. LogErrors throw ContractLogError.
 */
export function useExchangeWrite(): (
  call: ExchangeCall,
  orderHash: Hex,
  explainZero: ExplainZero,
) => Promise<ExchangeOutcome> {
  const { address, publicClient, walletClient } = useWallet();
  const networkInfo = useNetworkInfo();
  return useCallback(
    async (call, orderHash, explainZero) => {
      if (!address || !walletClient || !publicClient) throw new Error('Connect your wallet first');
      if (!networkInfo) throw new Error('The relayer settings have not loaded yet: try again in a moment');
      const exchange = networkInfo.exchange;
      const { request, result } = await publicClient
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
      const hash = await walletClient.writeContract({
        ...request,
        account: walletClient.account ?? address,
        chain: walletClient.chain,
      });
      const receipt = await publicClient.waitForTransactionReceipt({ hash });
      if (receipt.status !== 'success') throw new Error('The transaction was reverted on chain');
      const outcome = decodeExchangeLogs(receipt.logs, exchange, orderHash);
      if (outcome.kind === 'error') throw new ContractLogError(outcome.errorId, orderHash);
      return outcome;
    },
    [address, walletClient, publicClient, networkInfo],
  );
}
