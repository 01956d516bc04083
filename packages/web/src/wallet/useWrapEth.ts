import { weth9Artifact } from '@relayer/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../api/queryKeys';
import { useVariant } from '../config/useVariant';
import { useNetworkInfo } from '../network/useNetworkInfo';
import { useWallet } from './useWallet';

export type WrapDirection = 'wrap' | 'unwrap';

/** WETH deposit (wrap) or withdraw (unwrap) of `wei`, waiting for the receipt, then refreshing balances. */
export function useWrapEth() {
  const variant = useVariant();
  const networkInfo = useNetworkInfo();
  const { walletClient, publicClient } = useWallet();
  const queryClient = useQueryClient();

  return useMutation({
    mutationFn: async ({ direction, wei }: { direction: WrapDirection; wei: bigint }) => {
      if (!walletClient?.account || !publicClient) throw new Error('Connect your wallet first');
      if (!networkInfo) throw new Error('The relayer has not told us the WETH address yet');
      const common = {
        account: walletClient.account,
        chain: walletClient.chain,
        address: networkInfo.weth,
        abi: weth9Artifact.abi,
      } as const;
      const hash =
        direction === 'wrap'
          ? await walletClient.writeContract({ ...common, functionName: 'deposit', value: wei })
          : await walletClient.writeContract({ ...common, functionName: 'withdraw', args: [wei] });
      const receipt = await publicClient.waitForTransactionReceipt({ hash });
      if (receipt.status !== 'success') throw new Error('The transaction was reverted');
      return receipt;
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.ethBalance(variant.key) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.tokenAccount(variant.key) }),
      ]),
  });
}
