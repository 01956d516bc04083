import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type Address, erc20Abi } from 'viem';
import { useAnnounce } from '../announce/useAnnounce';
import { queryKeys } from '../api/queryKeys';
import { useVariant } from '../config/useVariant';
import { useNetworkInfo } from '../network/useNetworkInfo';
import type { TxEvent } from '../tx/TxStatus';
import { approveRequest } from './approveRequest';
import { useWallet } from './useWallet';

export interface TokenAccount {
  balance: bigint;
  /** Allowance to the TokenTransferProxy, which moves tokens for the Exchange. */
  allowance: bigint;
  isLoading: boolean;
  /**
   * Approves the proxy for an unlimited amount and follows the transaction to its receipt (src/tx:
   * refused when it would revert, followed through a replacement); `onEvent` hears each step.
   */
  enable(onEvent?: (event: TxEvent) => void): Promise<void>;
  refetch(): Promise<unknown>;
}

/** Balance and proxy allowance of `owner` in a token (base units), read from the configured node. */
export function useTokenAccount(
  tokenOrAddress: Address | { address: Address } | undefined,
  owner: Address | undefined,
): TokenAccount {
  const token = typeof tokenOrAddress === 'object' ? tokenOrAddress.address : tokenOrAddress;
  const variant = useVariant();
  const networkInfo = useNetworkInfo();
  const { address, publicClient, walletClient } = useWallet();
  const announce = useAnnounce();
  const queryClient = useQueryClient();
  const proxy = networkInfo?.tokenTransferProxy;

  const query = useQuery({
    queryKey: [...queryKeys.tokenAccount(variant.key), token, owner, proxy],
    // The node client arrives with the wallet stack (after the first view).
    enabled: Boolean(token && owner && proxy && publicClient),
    queryFn: async () => {
      if (!token || !owner || !proxy || !publicClient) throw new Error('unreachable: query is disabled');
      const [balance, allowance] = await Promise.all([
        publicClient.readContract({
          address: token,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [owner],
        }),
        publicClient.readContract({
          address: token,
          abi: erc20Abi,
          functionName: 'allowance',
          args: [owner, proxy],
        }),
      ]);
      return { balance, allowance };
    },
  });

  const enable = useCallback(
    async (onEvent?: (event: TxEvent) => void) => {
      if (!address || !walletClient || !publicClient || !token || !proxy)
        throw new Error('Connect your wallet to enable the token');
      // The home page shows this hook's balances; the sending code loads only when a user enables.
      const [{ sendTrackedTx }, { announcedEvents }] = await Promise.all([
        import('../tx/sendTrackedTx'),
        import('../tx/announcedEvents'),
      ]);
      await sendTrackedTx({
        publicClient,
        walletClient,
        account: address,
        request: approveRequest(token, proxy),
        onEvent: announcedEvents(announce, onEvent),
      });
      await queryClient.invalidateQueries({ queryKey: queryKeys.tokenAccount(variant.key) });
    },
    [address, walletClient, publicClient, token, proxy, announce, queryClient, variant.key],
  );

  return {
    balance: query.data?.balance ?? 0n,
    allowance: query.data?.allowance ?? 0n,
    isLoading: query.isLoading,
    enable,
    refetch: query.refetch,
  };
}
