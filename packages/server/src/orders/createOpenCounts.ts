import type { NetworkBook } from '../book/model/NetworkBook.js';
import type { ReadModel } from '../book/sync/createReadModel.js';
import type { Queryable } from '../db/Database.js';

/** What the open-order quotas read of a network's book. */
export interface OpenCounts {
  /** Open orders on the network. */
  size: number;
  /** Whether the order is open (known for the asked hash at least). */
  has(hash: string): boolean;
  /** Open orders with the token on either side (known for the asked tokens at least). */
  tokenCount(token: string): number;
}

/**
 * The quotas' counts: the read model's current book (exact for one PGlite process; with several
 * instances on PostgreSQL each model also hears the others' orders through NOTIFY), or without a read
 * model one query of the database for the network, the asked hash and tokens.
 */
export function createOpenCounts(
  source: { book: ReadModel } | { db: Queryable },
): (network: string, hash: string, tokens: readonly string[]) => Promise<OpenCounts> {
  if ('book' in source) {
    const model = source.book;
    return async (network) => bookCounts(model.bookNow(network) ?? (await model.book(network)));
  }
  const { db } = source;
  return async (network, hash, tokens) => {
    // An order names at most two tokens: one count each, in the same pass over the open rows.
    const [row] = await db.query<{
      open: number | string;
      has: boolean | null;
      t0: number | string;
      t1: number | string;
    }>(
      `SELECT count(*) AS open, bool_or(hash = $2) AS has,
          count(*) FILTER (WHERE maker_token = $3 OR taker_token = $3) AS t0,
          count(*) FILTER (WHERE maker_token = $4 OR taker_token = $4) AS t1
        FROM orders WHERE network = $1 AND state = 'open'`,
      [network, hash, tokens[0] ?? null, tokens[1] ?? null],
    );
    const perToken = new Map(tokens.map((token, i) => [token, Number((i === 0 ? row?.t0 : row?.t1) ?? 0)]));
    return {
      size: Number(row?.open ?? 0),
      has: (asked) => asked === hash && row?.has === true,
      tokenCount: (token) => perToken.get(token) ?? 0,
    };
  };
}

function bookCounts(book: NetworkBook): OpenCounts {
  return {
    size: book.size,
    has: (hash) => book.orders.has(hash),
    tokenCount(token) {
      let open = 0;
      for (const pair of book.pairsByMakerToken.get(token) ?? []) open += pair.size;
      for (const pair of book.pairsByTakerToken.get(token) ?? []) open += pair.size;
      return open;
    },
  };
}
