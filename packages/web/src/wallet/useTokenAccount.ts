import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type Address, erc20Abi, maxUint256 } from 'viem';
import { queryKeys } from '../api/queryKeys';
import { useVariant } from '../config/useVariant';
import { useNetworkInfo } from '../network/useNetworkInfo';
import { useWallet } from './useWallet';

export interface TokenAccount {
  balance: bigint;
  /** Allowance to the TokenTransferProxy, which moves tokens for the Exchange. */
  allowance: bigint;
  isLoading: boolean;
  /** Approves the proxy for an unlimited amount and waits for the receipt. */
  enable(): Promise<void>;
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
  const { publicClient, walletClient } = useWallet();
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

  const enable = useCallback(async () => {
    if (!walletClient?.account || !publicClient || !token || !proxy)
      throw new Error('Connect your wallet to enable the token');
    const hash = await walletClient.writeContract({
      account: walletClient.account,
      chain: walletClient.chain,
      address: token,
      abi: erc20Abi,
      functionName: 'approve',
      args: [proxy, maxUint256],
    });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error('The approval transaction failed');
    await queryClient.invalidateQueries({ queryKey: queryKeys.tokenAccount(variant.key) });
  }, [walletClient, token, proxy, publicClient, queryClient, variant.key]);

  return {
    balance: query.data?.balance ?? 0n,
    allowance: query.data?.allowance ?? 0n,
    isLoading: query.isLoading,
    enable,
    refetch: query.refetch,
  };
}
