import { useQuery } from '@tanstack/react-query';
import type { Address } from 'viem';
import { queryKeys } from '../api/queryKeys';
import { useVariant } from '../config/useVariant';
import { useWallet } from './useWallet';

/** The native ETH balance of `owner` on this site's chain, in wei. */
export function useEthBalance(owner: Address | undefined) {
  const variant = useVariant();
  const { publicClient } = useWallet();
  return useQuery({
    queryKey: [...queryKeys.ethBalance(variant.key), owner],
    enabled: Boolean(owner),
    queryFn: () => publicClient.getBalance({ address: owner as Address }),
  });
}
