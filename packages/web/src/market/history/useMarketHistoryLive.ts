import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useVariant } from '../../config/useVariant';
import { openPairFeed } from '../../shared/live/openPairFeed';
import { marketHistoryKey, tickersQuery } from './historyQueries';

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
    const refetch = () => {
      void queryClient.invalidateQueries({ queryKey });
      // The market list holds this market's figures too.
      void queryClient.invalidateQueries({ queryKey: tickersQuery('', key).queryKey });
    };
    return openPairFeed(relayerUrl, {
      channel: 'trades',
      base,
      quote,
      refetch,
      pollMs: POLL_MS,
      onMessage: (message) => message.channel === 'trades',
    });
  }, [relayerUrl, key, base, quote, queryClient]);
}
