import type { OrderRecord, Shortfall } from '@relayer/protocol';
import type { Database, Queryable } from '../db/Database.js';
import { BookOrder, packSignature } from './BookOrder.js';
import type { NetworkBook } from './NetworkBook.js';

/**
 * One row as a line of tab-separated text: PostgreSQL writes it with `concat_ws` over the columns as
 * they are (numerics in their text form, which JSON numbers would round), much cheaper than
 * json_build_array (which classifies the type of every argument of every row: 2-3x the cost of the whole
 * read) and decoded in JavaScript by two splits. Every column but three is written by the relayer itself
 * as hex digits, decimal digits or a fixed word (no tab or line feed possible); the two symbols and the
 * shortfalls are free text and come JSON-quoted (`to_json`). A row's field count is checked anyway.
 */
const ROW_TEXT = `concat_ws(E'\\t', hash, version, state, maker, taker, maker_token, taker_token,
  to_json(maker_token_symbol), to_json(taker_token_symbol), fee_recipient, exchange, maker_token_amount,
  taker_token_amount, maker_fee, taker_fee, expiration, salt, v, r, s, filled_taker, cancelled_taker,
  fillable_taker, fillable_maker, created_at, to_json(shortfalls))`;
const FIELDS = 26;

/** A row as ROW_TEXT lists it, decoded (`decodeRows`). */
export type BookRow = [
  hash: string,
  version: number,
  state: string,
  maker: string,
  taker: string,
  makerToken: string,
  takerToken: string,
  makerSymbol: string,
  takerSymbol: string,
  feeRecipient: string,
  exchange: string,
  makerAmount: string,
  takerAmount: string,
  makerFee: string,
  takerFee: string,
  expiration: string,
  salt: string,
  v: number,
  r: string,
  s: string,
  filled: string,
  cancelled: string,
  fillableTaker: string,
  fillableMaker: string,
  createdAt: number,
  shortfalls: string,
];

/**
 * A string of its own. The substrings `split` returns point into the whole text (V8's sliced strings),
 * so one kept by the model (a hash, the first copy of an address) would keep the whole chunk's text
 * alive; a JSON round trip makes a flat copy of any string.
 */
const own = (text: string): string => JSON.parse(JSON.stringify(text)) as string;

/** Fields the book interns (addresses, symbols): one own copy per distinct value of a chunk. */
const INTERNED = [3, 4, 5, 6, 7, 8, 9, 10] as const;
const QUOTED = new Set([7, 8]);

/** The lines of `text` (ROW_TEXT rows joined by line feeds) as BookRows. */
export function decodeRows(text: string | null | undefined): BookRow[] {
  if (!text) return [];
  const lines = text.split('\n');
  const rows: BookRow[] = new Array(lines.length);
  const interned = new Map<string, string>();
  for (let i = 0; i < lines.length; i++) {
    const row = (lines[i] as string).split('\t') as unknown[];
    if (row.length !== FIELDS) throw new Error(`a book row has ${row.length} fields, not ${FIELDS}`);
    row[0] = own(row[0] as string);
    row[1] = Number(row[1]);
    for (const field of INTERNED) {
      const raw = row[field] as string;
      let value = interned.get(raw);
      if (value === undefined) {
        value = QUOTED.has(field) ? (JSON.parse(raw) as string) : own(raw);
        interned.set(raw, value);
      }
      row[field] = value;
    }
    row[17] = Number(row[17]);
    row[24] = Number(row[24]);
    const shortfalls = row[25] as string;
    row[25] = shortfalls === '"[]"' ? '[]' : (JSON.parse(shortfalls) as string);
    rows[i] = row as BookRow;
  }
  return rows;
}

async function queryRows(db: Queryable, sql: string, params: unknown[]): Promise<BookRow[]> {
  const [result] = await db.query<{ rows: string | null }>(sql, params);
  return decodeRows(result?.rows);
}

/**
 * Table blocks per statement of `readOpenRows`: ~2,000 rows at ~8 rows a block, at most ~3,500 (small on
 * purpose: PGlite's WebAssembly memory keeps the largest result it ever built, and never gives memory
 * back; 20,000-row results cost ~80 MiB more RSS at 100,000 orders).
 */
export const BLOCKS_PER_CHUNK = 250;

/**
 * Every open order of the network handed to `onChunk` a chunk at a time. PGlite: as of one snapshot, in
 * the table's physical order (not hash order). The blocks are read in order by TID range scans, so each
 * table page is read once, sequentially; reading in hash order instead visits a random page per row,
 * which on disk, once the table outgrows shared_buffers, is one read() per row (1,000,000 orders: over
 * 100 s). One REPEATABLE READ transaction makes the chunks one consistent snapshot (a row updated
 * meanwhile may move to a block already read: the snapshot still sees its old version where it was);
 * changes committed after it arrive as events, which the read model holds during a build. Index and
 * bitmap scans are turned off for the transaction so the planner (without statistics on PGlite) cannot
 * pick an index over the TID range.
 */
export async function readOpenRows(
  db: Queryable & Pick<Database, 'transaction' | 'kind'>,
  network: string,
  onChunk: (rows: BookRow[]) => void,
  blocksPerChunk = BLOCKS_PER_CHUNK,
): Promise<void> {
  if (db.kind !== 'pglite') return readOpenRowsByHash(db, network, onChunk, blocksPerChunk * 8);
  await db.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    await tx.query(
      "SELECT set_config('enable_indexscan', 'off', true), set_config('enable_bitmapscan', 'off', true)",
    );
    // After the snapshot was taken (the statement above): every row it sees is in a block below this.
    const [size] = await tx.query<{ blocks: number }>(
      "SELECT (pg_relation_size('orders') / current_setting('block_size')::int)::int AS blocks",
    );
    const blocks = size?.blocks ?? 0;
    for (let block = 0; block < blocks; block += blocksPerChunk) {
      const [result] = await tx.query<{ rows: string | null }>(
        `SELECT string_agg(${ROW_TEXT}, E'\\n') AS rows FROM orders
          WHERE ctid >= $2::tid AND ctid < $3::tid AND network = $1 AND state = 'open'`,
        [network, `(${block},0)`, `(${block + blocksPerChunk},0)`],
      );
      onChunk(decodeRows(result?.rows));
    }
  });
}

/**
 * PostgreSQL: keyset chunks in hash order over `orders_live_hash`, each its own statement (as the
 * rebuild always read; a change between chunks is read in its new state or arrives as an event). The
 * server's own buffer cache and read-ahead serve the index order well, and it runs in another process.
 */
async function readOpenRowsByHash(
  db: Queryable,
  network: string,
  onChunk: (rows: BookRow[]) => void,
  limit: number,
): Promise<void> {
  for (let after = ''; ; ) {
    const [result] = await db.query<{ rows: string | null }>(
      `SELECT string_agg(${ROW_TEXT}, E'\\n') AS rows FROM (
         SELECT * FROM orders WHERE network = $1 AND state = 'open' AND hash > $2 ORDER BY hash LIMIT $3
       ) o`,
      [network, after, limit],
    );
    const rows = decodeRows(result?.rows);
    onChunk(rows);
    if (rows.length < limit) return;
    after = (rows[rows.length - 1] as BookRow)[0];
  }
}

/** The current rows of these orders, in any state (rows that do not exist are missing). */
export function readRowsByHash(
  db: Queryable,
  network: string,
  hashes: readonly string[],
): Promise<BookRow[]> {
  return queryRows(
    db,
    `SELECT string_agg(${ROW_TEXT}, E'\\n') AS rows FROM orders WHERE network = $1 AND hash = ANY($2::text[])`,
    [network, hashes],
  );
}

const ZERO = 0n;

/** Zero, and a fillable amount equal to the whole order, share one bigint with the order's other fields. */
function amount(text: string, whole?: bigint): bigint {
  if (text === '0') return ZERO;
  const value = BigInt(text);
  return value === whole ? whole : value;
}

/** The stored JSON text of the shortfalls, normalised as JSON.stringify writes it. */
function shortfallsText(json: string): string {
  return json === '[]' ? '[]' : JSON.stringify(JSON.parse(json));
}

/** An open row as a BookOrder, sharing strings with what `book` holds. */
export function orderFromRow(book: NetworkBook, row: BookRow): BookOrder {
  const makerAmount = amount(row[11]);
  const takerAmount = amount(row[12]);
  // Equal fees (the common case) share one bigint too.
  const makerFee = amount(row[13]);
  return new BookOrder(
    row[0],
    book.maker(row[3]),
    book.text(row[5]),
    book.text(row[6]),
    book.text(row[7]),
    book.text(row[8]),
    book.terms(book.text(row[10]), book.text(row[4]), book.text(row[9])),
    makerAmount,
    takerAmount,
    makerFee,
    amount(row[14], makerFee),
    BigInt(row[15]),
    BigInt(row[16]),
    packSignature(row[17], row[18], row[19]),
    row[24],
    row[1],
    amount(row[20]),
    amount(row[21]),
    amount(row[22], takerAmount),
    amount(row[23], makerAmount),
    shortfallsText(row[25]),
  );
}

/** An accepted order's record as a BookOrder (the symbols come with the acceptance's event). */
export function orderFromRecord(
  book: NetworkBook,
  record: OrderRecord,
  symbols: { maker: string; taker: string },
  version: number,
): BookOrder {
  const makerAmount = amount(record.makerTokenAmount);
  const takerAmount = amount(record.takerTokenAmount);
  const makerFee = amount(record.makerFee);
  const shortfalls: Shortfall[] = record.shortfalls ?? [];
  return new BookOrder(
    // The hash as one flat string: an accepted order's is made by concatenation (`0x${hex}`), and a
    // concatenation compared in every index insert's ties, and written into every page, costs more.
    own(record.orderHash),
    book.maker(record.maker),
    book.text(record.makerTokenAddress),
    book.text(record.takerTokenAddress),
    book.text(symbols.maker),
    book.text(symbols.taker),
    book.terms(
      book.text(record.exchangeContractAddress),
      book.text(record.taker),
      book.text(record.feeRecipient),
    ),
    makerAmount,
    takerAmount,
    makerFee,
    amount(record.takerFee, makerFee),
    BigInt(record.expirationUnixTimestampSec),
    BigInt(record.salt),
    packSignature(record.ecSignature.v, record.ecSignature.r, record.ecSignature.s),
    record.createdAt,
    version,
    amount(record.filledTakerTokenAmount),
    amount(record.cancelledTakerTokenAmount),
    amount(record.fillableTakerTokenAmount, takerAmount),
    amount(record.fillableMakerTokenAmount, makerAmount),
    shortfalls.length === 0 ? '[]' : JSON.stringify(shortfalls),
  );
}
