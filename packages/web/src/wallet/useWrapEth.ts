import { weth9Artifact } from '@relayer/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '../api/queryKeys';
import { useVariant } from '../config/useVariant';
import { useNetworkInfo } from '../network/useNetworkInfo';
import type { TxRequest } from '../tx/TxRequest';
import { useTrackedTx } from '../tx/useTrackedTx';

export type WrapDirection = 'wrap' | 'unwrap';

export interface WrapInput {
  direction: WrapDirection;
  wei: bigint;
}

/**
 * WETH deposit (wrap) or withdraw (unwrap) of `wei`, sent and followed by the transaction layer, then
 * refreshing balances. `request` is the same call, for its network cost before the button is pressed.
 */
export function useWrapEth() {
  const variant = useVariant();
  const weth = useNetworkInfo()?.weth;
  const { send, status } = useTrackedTx();
  const queryClient = useQueryClient();
  const request = useCallback(
    ({ direction, wei }: WrapInput): TxRequest | undefined =>
      weth &&
      (direction === 'wrap'
        ? { address: weth, abi: weth9Artifact.abi, functionName: 'deposit', value: wei }
        : { address: weth, abi: weth9Artifact.abi, functionName: 'withdraw', args: [wei] }),
    [weth],
  );

  const mutation = useMutation({
    mutationFn: async (input: WrapInput) => {
      const call = request(input);
      if (!call) throw new Error('The relayer has not told us the WETH address yet');
      return (await send(call)).receipt;
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.ethBalance(variant.key) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.tokenAccount(variant.key) }),
      ]),
  });
  return { ...mutation, request, status };
}
