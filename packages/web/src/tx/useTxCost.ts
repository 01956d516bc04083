import { useQuery } from '@tanstack/react-query';
import { useVariant } from '../config/useVariant';
import { describeError } from '../errors/userMessages';
import { useWallet } from '../wallet/useWallet';
import type { TxEstimate } from './estimateTx';
import { formatTxCost, type TxCostParts } from './formatTxCost';
import type { TxRequest } from './TxRequest';
import { TX_COST_KEY, TX_COST_REFRESH_MS } from './txCostQuery';
import { txRequestKey } from './txRequestKey';
import { useLiveEthUsd } from './useLiveEthUsd';

export type TxCostState =
  /** Nothing to estimate yet (no request, no wallet). */
  | { state: 'off' }
  | { state: 'loading' }
  | { state: 'ready'; estimate: Extract<TxEstimate, { kind: 'cost' }>; parts: TxCostParts }
  /** The call would revert: the action must not be sent; `reason` is in words. */
  | { state: 'reverts'; reason: string }
  /** The node could not estimate (not a refusal): the wallet will still estimate its own. */
  | { state: 'unavailable'; reason: string };

/**
 * The network cost of `request` from the connected account, kept current while shown: gas, expected
 * price, ETH and (with a live ETH price) USD, or why the call would revert. Pass undefined while the
 * action cannot be sent for another reason: the estimate of a call that cannot happen means nothing.
 */
export function useTxCost(request: TxRequest | undefined): TxCostState {
  const { address, publicClient } = useWallet();
  const { key } = useVariant();
  const ethUsd = useLiveEthUsd();
  const query = useQuery({
    queryKey: [TX_COST_KEY, key, address, request ? txRequestKey(request) : undefined],
    enabled: Boolean(request && address && publicClient),
    queryFn: async () => {
      if (!request || !address || !publicClient) throw new Error('unreachable: query is disabled');
      // The estimate's viem code loads with the first dialog that shows a cost, never with the page.
      const { estimateTx } = await import('./estimateTx');
      return estimateTx({ client: publicClient, account: address, request });
    },
    refetchInterval: TX_COST_REFRESH_MS,
    retry: false,
  });
  if (!request || !address || !publicClient) return { state: 'off' };
  if (query.isPending) return { state: 'loading' };
  if (query.isError) return { state: 'unavailable', reason: describeError(query.error) };
  const estimate = query.data;
  if (estimate.kind === 'reverts') return { state: 'reverts', reason: estimate.error.message };
  return { state: 'ready', estimate, parts: formatTxCost({ ...estimate, ethUsd }) };
}
