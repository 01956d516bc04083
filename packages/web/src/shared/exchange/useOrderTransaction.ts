import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '../../api/queryKeys';
import { useVariant } from '../../config/useVariant';
import { useChainNow } from '../../network/useChainNow';
import { useNotify } from '../../notifications/useNotify';
import { useExchangeWrite } from './useExchangeWrite';

/**
 * What a transaction on one order (a fill, a cancel) needs: the Exchange write, the notifier, the
 * chain's clock (the Exchange judges expiry by block time, so a refusal is explained by it) and a
 * refetch of the network's orders, and of its token balances where the transaction moved tokens.
 */
export function useOrderTransaction() {
  const { write, request, status } = useExchangeWrite();
  const notify = useNotify();
  const chainNowSec = useChainNow();
  const queryClient = useQueryClient();
  const { key } = useVariant();
  const refetch = useCallback(
    (balances: boolean) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders(key) });
      if (balances) void queryClient.invalidateQueries({ queryKey: queryKeys.tokenAccount(key) });
    },
    [queryClient, key],
  );
  return { write, request, status, notify, chainNowSec, refetch };
}
