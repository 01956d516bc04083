import { setTimeout as sleep } from 'node:timers/promises';
import { orderListResponseSchema, tokenListResponseSchema } from '@relayer/protocol';
import { relayerPaths, relayerUrl } from '../src/api/relayerPaths.ts';
import { initialOrdersQueryState, toOrdersRequest } from '../src/browse/ordersQueryState.ts';
import type { FirstRows } from './renderFirstRows.ts';

export interface FirstRowsOptions {
  /** How long one read of the relayer serves every page load (default 2 s): a burst of visitors costs it one read. */
  ttlMs?: number;
  /**
   * How old the last good read may be and still be painted at once while the next read is on its way
   * (default 10 s): the page never waits for the relayer once it has answered. The app replaces the rows
   * with its own within seconds.
   */
  staleMs?: number;
  /** How long a page load without a usable read waits for one in flight before it is sent without rows (default 250 ms). */
  waitMs?: number;
  /** When a read of the relayer is given up (default 2 s). */
  timeoutMs?: number;
}

export interface FirstRowsSource {
  /** The book's first page and the token list of the relayer at `relayerBaseUrl`, or undefined if not (yet) read. */
  get(relayerBaseUrl: string): Promise<FirstRows | undefined>;
}

interface Entry {
  /** When the read in `rows` started. */
  at: number;
  rows: Promise<FirstRows | undefined>;
  /** The last good read and when it was answered. */
  last?: { at: number; rows: FirstRows };
}

/**
 * Reads the home page's first rows from the relayer for the web server to paint into index.html: the
 * same first page the app asks for (its default query) and the token list, parsed with the protocol's
 * wire schemas. One read serves all page loads for `ttlMs`; after that the next load starts a new read
 * and, like every load until it is answered, gets the last good one if it is younger than `staleMs`.
 * Without one a page load waits at most `waitMs` (a relayer that is down or slow gets the page without
 * rows, as fast as without this); a failed read is remembered for `ttlMs` too, so a dead relayer is not
 * asked on every load.
 */
export function createFirstRowsSource(options: FirstRowsOptions = {}): FirstRowsSource {
  const { ttlMs = 2_000, staleMs = 10_000, waitMs = 250, timeoutMs = 2_000 } = options;
  const entries = new Map<string, Entry>();

  const read = async (base: string): Promise<FirstRows | undefined> => {
    const signal = AbortSignal.timeout(timeoutMs);
    const getJson = async (path: string) => {
      const response = await fetch(relayerUrl(base, path), {
        signal,
        headers: { accept: 'application/json' },
      });
      if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
      return response.json() as Promise<unknown>;
    };
    try {
      const firstPage = relayerPaths.orders(toOrdersRequest(initialOrdersQueryState({})));
      const [page, tokens] = await Promise.all([getJson(firstPage), getJson(relayerPaths.tokens)]);
      const orders = orderListResponseSchema.parse(page);
      return { orders: orders.orders, total: orders.total, tokens: tokenListResponseSchema.parse(tokens) };
    } catch {
      // The app reads the relayer itself and says what went wrong; the page just goes without rows.
      return undefined;
    }
  };

  return {
    async get(base) {
      const now = Date.now();
      let entry = entries.get(base);
      if (!entry || now - entry.at >= ttlMs) {
        const next: Entry = { at: now, rows: read(base), ...(entry?.last ? { last: entry.last } : {}) };
        void next.rows.then((rows) => {
          if (rows) next.last = { at: Date.now(), rows };
        });
        entries.set(base, next);
        entry = next;
      }
      if (entry.last && now - entry.last.at < staleMs) return entry.last.rows;
      const waited = new AbortController();
      const late = sleep(waitMs, undefined, { signal: waited.signal }).catch(() => undefined);
      try {
        return await Promise.race([entry.rows, late]);
      } finally {
        waited.abort();
      }
    },
  };
}
