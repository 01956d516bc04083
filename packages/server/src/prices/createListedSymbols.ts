import type { Queryable } from '../db/Database.js';

/** How long the token symbol list is reused; a token added meanwhile gets its price within this. */
const TTL_MS = 5_000;

export interface PriceLogLike {
  warn(details: object, message: string): void;
}

/**
 * The upper-case symbols of a network's listed tokens, read at most once per TTL however many rate
 * requests arrive. A failed read keeps the previous list; with none yet it resolves undefined.
 */
export function createListedSymbols(db: Queryable, network: string, log: PriceLogLike) {
  let value: ReadonlySet<string> | undefined;
  let readAt = Number.NEGATIVE_INFINITY;
  let pending: Promise<ReadonlySet<string> | undefined> | undefined;

  async function read(): Promise<ReadonlySet<string> | undefined> {
    try {
      const rows = await db.query<{ symbol: string }>('SELECT symbol FROM tokens WHERE network = $1', [
        network,
      ]);
      value = new Set(rows.map((row) => row.symbol.trim().toUpperCase()));
    } catch (error) {
      log.warn({ err: error, network }, 'rates: could not read the token list; using the previous one');
    }
    readAt = performance.now();
    return value;
  }

  return {
    get(): Promise<ReadonlySet<string> | undefined> {
      if (performance.now() - readAt < TTL_MS) return Promise.resolve(value);
      pending ??= read().finally(() => {
        pending = undefined;
      });
      return pending;
    },
  };
}
