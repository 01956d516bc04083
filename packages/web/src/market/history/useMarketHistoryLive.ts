import { CANDLE_INTERVAL_SECONDS, type CandleInterval, wsCandlesSchema } from '@relayer/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useVariant } from '../../config/useVariant';
import { openLiveSocket } from '../../shared/live/openLiveSocket';
import { applyCandleUpdate } from './applyCandleUpdate';
import { candlesQuery, marketHistoryKey, tickerQuery, tickersQuery } from './historyQueries';

/** A burst of fills becomes one re-read. */
const REFETCH_DELAY_MS = 250;
const REQUEST_ID = 1;
/** While the socket is down the figures are re-read this often. */
const POLL_MS = 30_000;
const INTERVALS = Object.keys(CANDLE_INTERVAL_SECONDS) as CandleInterval[];

/**
 * Keeps a market's candles and 24 h figures (and the market list's) live over the relayer's `trades`
 * channel: each `candles` message (the candles of a trade's interval, as the relayer has them now) is
 * put in place in the cached pages, and each `trade` or `tradeRemoved` re-reads the 24 h figures, whose
 * rolling window only the relayer can compute. After a reconnect or a `resync` (something may have been
 * missed) and while the socket is down, everything is read again.
 */
export function useMarketHistoryLive(base: string, quote: string): void {
  const { relayerUrl, key } = useVariant();
  const queryClient = useQueryClient();
  useEffect(() => {
    const tickersKey = tickersQuery('', key).queryKey;
    const timers: Partial<Record<'tickers' | 'all', ReturnType<typeof setTimeout>>> = {};
    const soon = (which: 'tickers' | 'all', run: () => void) => {
      clearTimeout(timers[which]);
      timers[which] = setTimeout(run, REFETCH_DELAY_MS);
    };
    const rereadTickers = () => {
      void queryClient.invalidateQueries({ queryKey: tickerQuery('', key, base, quote).queryKey });
      // The market list holds this market's figures too.
      void queryClient.invalidateQueries({ queryKey: tickersKey });
    };
    const rereadAll = () => {
      void queryClient.invalidateQueries({ queryKey: marketHistoryKey(key, base, quote) });
      void queryClient.invalidateQueries({ queryKey: tickersKey });
    };
    const applyCandles = (data: unknown) => {
      const parsed = wsCandlesSchema.safeParse(data);
      if (!parsed.success) return;
      const { payload } = parsed.data;
      const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
      if (!same(payload.baseTokenAddress, base) || !same(payload.quoteTokenAddress, quote)) return;
      for (const interval of INTERVALS) {
        const { queryKey } = candlesQuery('', key, base, quote, interval);
        const page = queryClient.getQueryData<Parameters<typeof applyCandleUpdate>[0]>(queryKey);
        if (!page) continue;
        const updated = applyCandleUpdate(page, payload.candles[interval]);
        if (updated) queryClient.setQueryData(queryKey, updated);
        else void queryClient.invalidateQueries({ queryKey, exact: true });
      }
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
        if (message.type === 'resync') soon('all', rereadAll);
        else soon('tickers', rereadTickers);
      },
      onExtension: applyCandles,
      onReconnect: () => soon('all', rereadAll),
      poll: { everyMs: POLL_MS, run: rereadAll },
    });
    return () => {
      close();
      clearTimeout(timers.tickers);
      clearTimeout(timers.all);
    };
  }, [relayerUrl, key, base, quote, queryClient]);
}
