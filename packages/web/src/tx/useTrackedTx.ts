import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useReducer } from 'react';
import { useAnnounce } from '../announce/useAnnounce';
import { useWallet } from '../wallet/useWallet';
import type { TrackedTx } from './sendTrackedTx';
import type { TxRequest } from './TxRequest';
import type { TxStatus } from './TxStatus';
import { TX_COST_KEY } from './txCostQuery';
import { txStatusReducer } from './txStatusReducer';

export interface TrackedTxState {
  status: TxStatus;
  /** Sends from the connected wallet and follows the transaction (sendTrackedTx). */
  send(request: TxRequest): Promise<TrackedTx>;
}

/** One action's transaction: its status for the screen, each change also said by the live announcer. */
export function useTrackedTx(): TrackedTxState {
  const { address, publicClient, walletClient } = useWallet();
  const [status, dispatch] = useReducer(txStatusReducer, { phase: 'idle' });
  const announce = useAnnounce();
  const queryClient = useQueryClient();
  const send = useCallback(
    async (request: TxRequest) => {
      if (!address || !walletClient || !publicClient) throw new Error('Connect your wallet first');
      // Loaded on the first send: the pages that offer an action must not carry its viem code.
      const [{ sendTrackedTx }, { announcedEvents }] = await Promise.all([
        import('./sendTrackedTx'),
        import('./announcedEvents'),
      ]);
      try {
        const onEvent = announcedEvents(announce, dispatch);
        return await sendTrackedTx({ publicClient, walletClient, account: address, request, onEvent });
      } finally {
        // A mined transaction changes balances and nonces: every shown estimate is stale.
        void queryClient.invalidateQueries({ queryKey: [TX_COST_KEY] });
      }
    },
    [address, walletClient, publicClient, queryClient, announce],
  );
  return { status, send };
}
