import { setTimeout as sleep } from 'node:timers/promises';
import { orderListResponseSchema, tokenListResponseSchema } from '@relayer/protocol';
import { relayerPaths, relayerUrl } from '../src/api/relayerPaths.ts';
import { initialOrdersQueryState, toOrdersRequest } from '../src/browse/ordersQueryState.ts';
import type { FirstRows } from './renderFirstRows.ts';

export interface FirstRowsOptions {
  /** How long one read of the relayer serves every page load (default 2 s): a burst of visitors costs it one read. */
  ttlMs?: number;
  /** How long a page load waits for a read in flight before it is sent without rows (default 250 ms). */
  waitMs?: number;
  /** When a read of the relayer is given up (default 2 s). */
  timeoutMs?: number;
}

export interface FirstRowsSource {
  /** The book's first page and the token list of the relayer at `relayerBaseUrl`, or undefined if not (yet) read. */
  get(relayerBaseUrl: string): Promise<FirstRows | undefined>;
}

interface Entry {
  at: number;
  rows: Promise<FirstRows | undefined>;
}

/**
 * Reads the home page's first rows from the relayer for the web server to paint into index.html: the
 * same first page the app asks for (its default query) and the token list, parsed with the protocol's
 * wire schemas. One read serves all page loads for `ttlMs`; a page load never waits more than `waitMs`
 * (a relayer that is down or slow gets the page without rows, as fast as without this), and a failed
 * read is remembered for `ttlMs` too, so a dead relayer is not asked on every load.
 */
export function createFirstRowsSource(options: FirstRowsOptions = {}): FirstRowsSource {
  const { ttlMs = 2_000, waitMs = 250, timeoutMs = 2_000 } = options;
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
        entry = { at: now, rows: read(base) };
        entries.set(base, entry);
      }
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
