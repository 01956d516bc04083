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
    // The node client arrives with the wallet stack (after the first view).
    enabled: Boolean(owner && publicClient),
    queryFn: () => {
      if (!owner || !publicClient) throw new Error('unreachable: query is disabled');
      return publicClient.getBalance({ address: owner });
    },
  });
}
