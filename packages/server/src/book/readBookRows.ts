import type { OrderRecord, Shortfall } from '@relayer/protocol';
import type { Queryable } from '../db/Database.js';
import { BookOrder, packSignature } from './BookOrder.js';
import type { NetworkBook } from './NetworkBook.js';

/**
 * One row as JSON: a single text value per statement decodes far faster than dozens of columns per
 * row (PGlite decodes each field in JavaScript). uint256 columns as text (JSON numbers would round).
 */
const ROW_JSON = `json_build_array(hash, version, state, maker, taker, maker_token, taker_token,
  maker_token_symbol, taker_token_symbol, fee_recipient, exchange, maker_token_amount::text,
  taker_token_amount::text, maker_fee::text, taker_fee::text, expiration::text, salt::text, v, r, s,
  filled_taker::text, cancelled_taker::text, fillable_taker::text, fillable_maker::text, created_at, shortfalls)`;

/** A row as ROW_JSON lists it. */
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

async function queryRows(db: Queryable, sql: string, params: unknown[]): Promise<BookRow[]> {
  const [result] = await db.query<{ rows: string }>(sql, params);
  return JSON.parse(result?.rows ?? '[]') as BookRow[];
}

/** Up to `limit` open orders of the network with a hash above `after`, in hash order (a rebuild's chunk). */
export function readOpenRows(
  db: Queryable,
  network: string,
  after: string,
  limit: number,
): Promise<BookRow[]> {
  return queryRows(
    db,
    `SELECT coalesce(json_agg(${ROW_JSON} ORDER BY hash), '[]')::text AS rows FROM (
       SELECT * FROM orders WHERE network = $1 AND state = 'open' AND hash > $2 ORDER BY hash LIMIT $3
     ) o`,
    [network, after, limit],
  );
}

/** The current rows of these orders, in any state (rows that do not exist are missing). */
export function readRowsByHash(
  db: Queryable,
  network: string,
  hashes: readonly string[],
): Promise<BookRow[]> {
  return queryRows(
    db,
    `SELECT coalesce(json_agg(${ROW_JSON}), '[]')::text AS rows FROM orders WHERE network = $1 AND hash = ANY($2::text[])`,
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
    record.orderHash,
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
