import type { Address, TradeRecord } from '@relayer/protocol';
import type { RelayerApi } from '../api/relayerApi';
import { openLiveSocket } from '../shared/live/openLiveSocket';
import { type AwayMark, isAfter, readAwayMark, writeAwayMark } from './awayMark';
import { hasAwayNews } from './awayNewsText';
import { type AwayNews, fetchAwayNews } from './fetchAwayNews';

/** While the page is on screen, how often the stored mark is brought up to date. */
export const AWAY_REFRESH_MS = 30_000;

export interface AwayTrackerOptions {
  api: Pick<RelayerApi, 'getTrades' | 'getOrders'>;
  relayerUrl: string;
  maker: Address;
  /** awayMarkKey of the account and network. */
  storageKey: string;
  storage?: Storage;
  /** What happened since the last visit (or since the page was hidden), when anything did. */
  onNews(news: AwayNews): void;
  /** A fill of the maker's orders while the page is hidden (the browser notification's cue). */
  onHiddenFill(trade: TradeRecord): void;
  refreshMs?: number;
}

/**
 * Keeps the "last seen" mark of one maker and tells what changed while they were away. On start, and
 * each time the page comes back from hidden, it compares the relayer's fills and cancels with the
 * stored mark (onNews) and stores the new one; while the page is visible the mark follows the maker's
 * fills live (the `trades` channel) and is re-read every `refreshMs`; when the page is hidden or left it
 * is written at once, so whatever comes next counts as away. The first visit stores a mark and tells
 * nothing. Returns the function that stops it.
 */
export function startAwayTracker(options: AwayTrackerOptions): () => void {
  const { api, relayerUrl, maker, storageKey, onNews, onHiddenFill } = options;
  const storage = options.storage ?? window.localStorage;
  let mark: AwayMark | undefined;
  let stopped = false;
  let queue: Promise<void> = Promise.resolve();
  const visible = () => document.visibilityState === 'visible';

  const save = () => {
    if (mark) writeAwayMark(storage, storageKey, mark);
  };

  /** Reads the relayer's state; with `report`, first tells what changed since the stored mark. */
  const sync = (report: boolean) => {
    queue = queue.then(async () => {
      if (stopped) return;
      const since = report ? readAwayMark(storage, storageKey) : undefined;
      try {
        const answer = await fetchAwayNews(api, maker, since);
        if (stopped) return;
        // A fill the socket told of while the read was on its way is no news either.
        const lastTrade =
          mark?.lastTrade && answer.mark.lastTrade && isAfter(mark.lastTrade, answer.mark.lastTrade)
            ? mark.lastTrade
            : answer.mark.lastTrade;
        mark = { ...answer.mark, lastTrade };
        if (answer.news && hasAwayNews(answer.news)) onNews(answer.news);
        // Written while the trader looks; a hidden page keeps the mark of the moment it was hidden.
        if (visible()) save();
      } catch {
        // The relayer is unreachable: the stored mark stays, so nothing is lost; the next sync tries again.
      }
    });
  };

  const closeSocket = openLiveSocket(relayerUrl, {
    subscription: { type: 'subscribe', channel: 'trades', requestId: 1, payload: { trader: maker } },
    onMessage(message) {
      if (message.type !== 'trade') return;
      const trade = message.payload;
      if (trade.maker !== maker) return;
      if (!visible()) return onHiddenFill(trade);
      const position = { blockNumber: trade.blockNumber, logIndex: trade.logIndex };
      if (mark && isAfter(position, mark.lastTrade)) mark = { ...mark, lastTrade: position };
    },
    // Fills while the socket was down are found by the next sync.
    onReconnect: () => undefined,
  });

  const onVisibility = () => {
    if (visible()) sync(true);
    else save();
  };
  const onPageHide = () => save();
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('pagehide', onPageHide);
  const timer = setInterval(() => {
    if (visible()) sync(false);
  }, options.refreshMs ?? AWAY_REFRESH_MS);
  // A page opened in the background waits until it is seen: its news would be told to nobody.
  if (visible()) sync(true);

  return () => {
    if (visible()) save();
    stopped = true;
    clearInterval(timer);
    closeSocket();
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('pagehide', onPageHide);
  };
}
