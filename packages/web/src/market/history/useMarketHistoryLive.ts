import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useVariant } from '../../config/useVariant';
import { openLiveSocket } from '../../shared/live/openLiveSocket';
import { marketHistoryKey, tickersQuery } from './historyQueries';

/** A burst of fills becomes one re-read. */
const REFETCH_DELAY_MS = 250;
const REQUEST_ID = 1;
/** While the socket is down the figures are re-read this often. */
const POLL_MS = 30_000;

/**
 * Keeps a market's candles and 24 h figures (and the market list's) live: every `trade` or `tradeRemoved` of the market on the
 * relayer's `trades` channel (and a reconnect or `resync`, after which something may have been missed)
 * re-reads them, since a candle's open, high, low and close are the relayer's to compute.
 */
export function useMarketHistoryLive(base: string, quote: string): void {
  const { relayerUrl, key } = useVariant();
  const queryClient = useQueryClient();
  useEffect(() => {
    const queryKey = marketHistoryKey(key, base, quote);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refetch = () => {
      void queryClient.invalidateQueries({ queryKey });
      // The market list holds this market's figures too.
      void queryClient.invalidateQueries({ queryKey: tickersQuery('', key).queryKey });
    };
    const refetchSoon = () => {
      clearTimeout(timer);
      timer = setTimeout(refetch, REFETCH_DELAY_MS);
    };
    const close = openLiveSocket(relayerUrl, {
      subscription: {
        type: 'subscribe',
        channel: 'trades',
        requestId: REQUEST_ID,
        payload: { baseTokenAddress: base, quoteTokenAddress: quote },
      },
      onMessage: (message) => {
        if (message.type === 'error' || message.channel !== 'trades') return;
        refetchSoon();
      },
      onReconnect: refetchSoon,
      poll: { everyMs: POLL_MS, run: refetch },
    });
    return () => {
      close();
      clearTimeout(timer);
    };
  }, [relayerUrl, key, base, quote, queryClient]);
}
