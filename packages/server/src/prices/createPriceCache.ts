import type { RatesResponse } from '@relayer/protocol';
import { fetchTickerPage } from './fetchTickerPage.js';
import { parseTickerPage } from './parseTickerPage.js';
import { staticRates } from './staticRates.js';
import { withEthAlias } from './withEthAlias.js';

/** SPEC §7/§9: five pages of 100 at these offsets. */
export const TICKER_OFFSETS = [0, 100, 200, 300, 400] as const;
const PAGE_SIZE = 100;

export interface PriceLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

export interface PriceCacheOptions {
  /** Ticker-format market data; unset serves the embedded static price file. */
  sourceUrl?: string | undefined;
  refreshMs: number;
  timeoutMs: number;
  fetch: typeof fetch;
  now: () => number;
  log: PriceLog;
}

export interface PriceCache {
  /** Loads the first prices (bounded by timeoutMs) and starts the one refresh timer; idempotent. */
  start(): Promise<void>;
  /** Clears the timer and cancels requests in flight. */
  stop(): void;
  get(): RatesResponse;
  /** One refresh now; joins the one in flight rather than starting a second. */
  refresh(): Promise<void>;
}

/**
 * USD prices per upper-case symbol, refreshed from the ticker every `refreshMs`. Failures keep the
 * last good values: a refresh merges whatever pages answered over the previous map, so a page that
 * failed keeps its symbols' earlier prices. `updatedAt` is the last refresh that brought any prices;
 * `stale` says it is older than two intervals (or, before any answer, that the source has been
 * unreachable that long). Until the first answer, and with no source at all, the static file serves.
 */
export function createPriceCache(options: PriceCacheOptions): PriceCache {
  const { sourceUrl, refreshMs, timeoutMs, fetch: fetchFn, now, log } = options;
  const stopper = new AbortController();
  let tickerRates: Readonly<Record<string, string>> | undefined;
  let updatedAt: number | undefined;
  let startedAt: number | undefined;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> | undefined;

  async function refreshOnce(source: string): Promise<void> {
    const pages = await Promise.allSettled(
      TICKER_OFFSETS.map((offset) =>
        fetchTickerPage(fetchFn, pageUrl(source, offset), timeoutMs, stopper.signal),
      ),
    );
    if (stopper.signal.aborted) return;
    const fresh = new Map<string, string>();
    const failed: { offset: number; reason: string }[] = [];
    pages.forEach((page, i) => {
      const offset = TICKER_OFFSETS[i] ?? 0;
      const prices = page.status === 'fulfilled' ? parseTickerPage(page.value) : undefined;
      if (!prices) {
        failed.push({
          offset,
          reason: page.status === 'rejected' ? errorText(page.reason) : 'not a JSON array',
        });
        return;
      }
      // Offsets are in rank order, so an earlier page's symbol beats a later namesake.
      for (const [symbol, price] of prices) if (!fresh.has(symbol)) fresh.set(symbol, price);
    });
    if (failed.length > 0)
      log.warn({ failed }, 'price source: some ticker pages failed; keeping earlier prices');
    if (fresh.size === 0) return;
    tickerRates = withEthAlias({ ...tickerRates, ...Object.fromEntries(fresh) });
    updatedAt = now();
  }

  function refresh(): Promise<void> {
    if (!sourceUrl || stopper.signal.aborted) return Promise.resolve();
    inFlight ??= refreshOnce(sourceUrl)
      .catch((error: unknown) => log.warn({ error: errorText(error) }, 'price source: refresh failed'))
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  }

  return {
    async start() {
      if (startedAt !== undefined || stopper.signal.aborted) return;
      startedAt = now();
      if (!sourceUrl) return;
      timer = setInterval(() => void refresh(), refreshMs);
      timer.unref();
      await refresh();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
      stopper.abort();
    },
    get() {
      const at = now();
      if (tickerRates && updatedAt !== undefined) {
        return {
          currency: 'USD',
          rates: tickerRates,
          source: 'ticker',
          updatedAt: new Date(updatedAt).toISOString(),
          stale: at - updatedAt > 2 * refreshMs,
        };
      }
      const unreachableFor = sourceUrl && startedAt !== undefined ? at - startedAt : 0;
      return {
        currency: 'USD',
        rates: staticRates,
        source: 'static',
        updatedAt: null,
        stale: unreachableFor > 2 * refreshMs,
      };
    },
    refresh,
  };
}

function pageUrl(source: string, offset: number): string {
  const url = new URL(source);
  url.searchParams.set('start', String(offset));
  url.searchParams.set('limit', String(PAGE_SIZE));
  return url.toString();
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
