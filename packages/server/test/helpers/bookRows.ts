import { BookOrder } from '../../src/book/model/BookOrder.js';
import type { NetworkBook } from '../../src/book/model/NetworkBook.js';
import { packSignature } from '../../src/book/model/packSignature.js';
import { BLOCKS_PER_CHUNK } from '../../src/book/store/readOpenOrders.js';
import { readOpenTexts } from '../../src/book/store/readOpenTexts.js';
import { amount, own, shortfallsText } from '../../src/book/store/rowText.js';
import type { Database, Queryable } from '../../src/db/Database.js';

/*
 * The reference the read model's one row decoder (BookOrderDecoder, src/book/store/BookOrderDecoder.ts) is checked
 * against: every column of a row as its own field, read one by one (what the model itself decoded
 * before re-reads moved onto BookOrderDecoder). Tests and benches build books from these rows too.
 */

/**
 * One row as a line of tab-separated text: PostgreSQL writes it with `concat_ws` over the columns as
 * they are (numerics in their text form, which JSON numbers would round), much cheaper than
 * json_build_array (which classifies the type of every argument of every row: 2-3x the cost of the whole
 * read) and decoded in JavaScript by two splits. Every column but three is written by the relayer itself
 * as hex digits, decimal digits or a fixed word (no tab or line feed possible); the two symbols and the
 * shortfalls are free text and come JSON-quoted (`to_json`). A row's field count is checked anyway.
 */
export const ROW_TEXT = `concat_ws(E'\\t', hash, version, state, maker, taker, maker_token, taker_token,
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

/** Every open row of the network handed to `onChunk` a chunk at a time, as `readOpenOrders` reads them. */
export async function readOpenRows(
  db: Queryable & Pick<Database, 'transaction' | 'kind'>,
  network: string,
  onChunk: (rows: BookRow[]) => void,
  blocksPerChunk = BLOCKS_PER_CHUNK,
): Promise<void> {
  await readOpenTexts(
    db,
    network,
    ROW_TEXT,
    (text) => {
      const rows = decodeRows(text);
      onChunk(rows);
      return { count: rows.length, last: rows[rows.length - 1]?.[0] };
    },
    blocksPerChunk,
  );
}

/** An open row as a BookOrder, sharing strings with what `book` holds. */
export function orderFromRow(book: NetworkBook, row: BookRow): BookOrder {
  const makerAmount = amount(row[11]);
  const takerAmount = amount(row[12]);
  // Equal fees (the common case) share one bigint too.
  const makerFee = amount(row[13]);
  return new BookOrder(
    {
      hash: row[0],
      maker: book.maker(row[3]),
      makerToken: book.text(row[5]),
      takerToken: book.text(row[6]),
      makerSymbol: book.text(row[7]),
      takerSymbol: book.text(row[8]),
      terms: book.terms(book.text(row[10]), book.text(row[4]), book.text(row[9])),
      makerAmount,
      takerAmount,
      makerFee,
      takerFee: amount(row[14], makerFee),
      expiration: BigInt(row[15]),
      salt: BigInt(row[16]),
      signature: packSignature(row[17], row[18], row[19]),
      createdAt: row[24],
      version: row[1],
      filled: amount(row[20]),
      cancelled: amount(row[21]),
      fillableTaker: amount(row[22], takerAmount),
      fillableMaker: amount(row[23], makerAmount),
      shortfalls: shortfallsText(row[25]),
    },
    book.texts,
  );
}
