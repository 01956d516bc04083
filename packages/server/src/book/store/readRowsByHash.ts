import type { Queryable } from '../../db/Database.js';
import { BOOK_TEXT } from './orderColumns.js';
import { own } from './rowText.js';

/**
 * The current rows of some orders, as a re-read finds them: the open ones as BOOK_TEXT lines (for a
 * `BookOrderDecoder` of the book they go to, made when they are applied: a re-read held during a
 * rebuild goes to the new book), and the hash and version of the others. Rows that do not exist are
 * in neither.
 */
export interface ReadRows {
  open: string | null;
  closed: { hash: string; version: number }[];
}

/** The current rows of these orders, in any state (rows that do not exist are missing). */
export async function readRowsByHash(
  db: Queryable,
  network: string,
  hashes: readonly string[],
): Promise<ReadRows> {
  const [result] = await db.query<{ open: string | null; closed: string | null }>(
    `SELECT string_agg(${BOOK_TEXT}, E'\\n') FILTER (WHERE state = 'open') AS open,
            string_agg(concat_ws(E'\\t', hash, version), E'\\n') FILTER (WHERE state <> 'open') AS closed
       FROM orders WHERE network = $1 AND hash = ANY($2::text[])`,
    [network, hashes],
  );
  const closed: ReadRows['closed'] = [];
  if (result?.closed) {
    for (const line of result.closed.split('\n')) {
      const tab = line.indexOf('\t');
      if (tab < 0) throw new Error('a closed row has 1 field, not 2');
      closed.push({ hash: own(line.slice(0, tab)), version: Number(line.slice(tab + 1)) });
    }
  }
  return { open: result?.open ?? null, closed };
}
