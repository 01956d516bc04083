import type { Address, OrderRecord } from '@relayer/protocol';
import { useState } from 'react';
import { useRelayerApi } from '../api/useRelayerApi';
import { MAX_BATCH_CANCEL } from '../cancel/useBatchCancel';
import { describeError } from '../errors/userMessages';
import { fetchCancellableOrders } from './fetchCancellableOrders';

export interface SelectAllOpenOptions {
  maker: Address | undefined;
  /** The pair the list is filtered to, if any. */
  pair: { baseTokenAddress?: Address; quoteTokenAddress?: Address };
  nowSec: bigint;
  onFound(orders: readonly OrderRecord[]): void;
}

/**
 * "Select all open" of one market or of all: asks the relayer for every cancellable order of the
 * maker (not only the pages on screen) and ticks them, at most one transaction's worth.
 */
export function useSelectAllOpen({ maker, pair, nowSec, onFound }: SelectAllOpenOptions) {
  const api = useRelayerApi();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | undefined>();
  const run = async (scope: 'pair' | 'all') => {
    if (!maker) return;
    const { baseTokenAddress, quoteTokenAddress } = pair;
    setBusy(true);
    setMessage(undefined);
    try {
      const found = await fetchCancellableOrders(api, {
        maker,
        nowSec,
        limit: MAX_BATCH_CANCEL,
        ...(scope === 'pair' && baseTokenAddress && quoteTokenAddress
          ? { pair: { baseTokenAddress, quoteTokenAddress } }
          : {}),
      });
      onFound(found.slice(0, MAX_BATCH_CANCEL));
      if (found.length === 0) setMessage('None of your orders there is open: nothing to select.');
      else if (found.length > MAX_BATCH_CANCEL)
        setMessage(`Selected the newest ${MAX_BATCH_CANCEL}: one transaction cancels at most that many.`);
    } catch (err) {
      setMessage(`Your open orders could not be read: ${describeError(err)}`);
    } finally {
      setBusy(false);
    }
  };
  return { busy, message, run };
}
