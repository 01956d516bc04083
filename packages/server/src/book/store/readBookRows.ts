import type { OrderRecord, Shortfall } from '@relayer/protocol';
import type { Database, Queryable } from '../../db/Database.js';
import { BookOrder, type BookTerms, packSignature } from '../model/BookOrder.js';
import type { NetworkBook } from '../model/NetworkBook.js';

/**
 * A string of its own. The substrings `split` returns point into the whole text (V8's sliced strings),
 * so one kept by the model (a hash, the first copy of an address) would keep the whole chunk's text
 * alive; a JSON round trip makes a flat copy of any string.
 */
export const own = (text: string): string => JSON.parse(JSON.stringify(text)) as string;

/**
 * Table blocks per statement of `readOpenOrders`: ~2,000 rows at ~8 rows a block, at most ~3,500 (small on
 * purpose: PGlite's WebAssembly memory keeps the largest result it ever built, and never gives memory
 * back; 20,000-row results cost ~80 MiB more RSS at 100,000 orders).
 */
export const BLOCKS_PER_CHUNK = 250;

/** A chunk's text decoded: how many rows it had and the last row's hash (PostgreSQL's next keyset). */
export interface ChunkRead {
  count: number;
  last: string | undefined;
}

/**
 * Every open order of the network as BookOrders of `book` (to be given to its `load`), chunk by chunk
 * (`readOpenTexts`), each chunk's text decoded straight into the one array (`BookOrderDecoder`): no row
 * arrays, no string per field. What a start or a rebuild reads.
 */
export async function readOpenOrders(
  db: Queryable & Pick<Database, 'transaction' | 'kind'>,
  network: string,
  book: NetworkBook,
  blocksPerChunk = BLOCKS_PER_CHUNK,
): Promise<BookOrder[]> {
  const decoder = new BookOrderDecoder(book);
  const orders: BookOrder[] = [];
  await readOpenTexts(
    db,
    network,
    ORDER_TEXT,
    (text) => {
      const before = orders.length;
      if (text) decoder.decode(text, orders);
      return { count: orders.length - before, last: orders[orders.length - 1]?.hash };
    },
    blocksPerChunk,
  );
  return orders;
}

/**
 * The open rows' texts (`rowText` per row, rows joined by line feeds), a chunk at a time: how
 * `readOpenOrders` reads them. PGlite: as of one snapshot, in the table's physical order (not hash
 * order). The blocks are read in order by TID range scans, so each table page is read once,
 * sequentially; reading in hash order instead visits a random page per row, which on disk, once the
 * table outgrows shared_buffers, is one read() per row (1,000,000 orders: over 100 s). One REPEATABLE
 * READ transaction makes the chunks one consistent snapshot (a row updated meanwhile may move to a block
 * already read: the snapshot still sees its old version where it was); changes committed after it
 * arrive as events, which the read model holds during a build. Index and bitmap scans are turned off
 * for the transaction so the planner (without statistics on PGlite) cannot pick an index over the TID
 * range. PostgreSQL: `readOpenTextsByHash`.
 */
export async function readOpenTexts(
  db: Queryable & Pick<Database, 'transaction' | 'kind'>,
  network: string,
  rowText: string,
  onText: (text: string | null | undefined) => ChunkRead,
  blocksPerChunk: number,
): Promise<void> {
  if (db.kind !== 'pglite') return readOpenTextsByHash(db, network, rowText, onText, blocksPerChunk * 8);
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
        `SELECT string_agg(${rowText}, E'\\n') AS rows FROM orders
          WHERE ctid >= $2::tid AND ctid < $3::tid AND network = $1 AND state = 'open'`,
        [network, `(${block},0)`, `(${block + blocksPerChunk},0)`],
      );
      onText(result?.rows);
    }
  });
}

/**
 * PostgreSQL: keyset chunks in hash order over `orders_live_hash`, each its own statement (as the
 * rebuild always read; a change between chunks is read in its new state or arrives as an event). The
 * server's own buffer cache and read-ahead serve the index order well, and it runs in another process.
 */
async function readOpenTextsByHash(
  db: Queryable,
  network: string,
  rowText: string,
  onText: (text: string | null | undefined) => ChunkRead,
  limit: number,
): Promise<void> {
  for (let after = ''; ; ) {
    const [result] = await db.query<{ rows: string | null }>(
      `SELECT string_agg(${rowText}, E'\\n') AS rows FROM (
         SELECT * FROM orders WHERE network = $1 AND state = 'open' AND hash > $2 ORDER BY hash LIMIT $3
       ) o`,
      [network, after, limit],
    );
    const { count, last } = onText(result?.rows);
    if (count < limit || last === undefined) return;
    after = last;
  }
}

/**
 * The current rows of some orders, as a re-read finds them: the open ones as ORDER_TEXT lines (for a
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
    `SELECT string_agg(${ORDER_TEXT}, E'\\n') FILTER (WHERE state = 'open') AS open,
            string_agg(concat_ws(E'\\t', hash, version), E'\\n') FILTER (WHERE state <> 'open') AS closed
       FROM orders WHERE network = $1 AND hash = ANY($2::text[])`,
    [network, hashes],
  );
  const closed: ReadRows['closed'] = [];
  if (result?.closed) {
    for (const line of result.closed.split('\n')) {
      const tab = line.indexOf(TAB);
      if (tab < 0) throw new Error('a closed row has 1 field, not 2');
      closed.push({ hash: own(line.slice(0, tab)), version: Number(line.slice(tab + 1)) });
    }
  }
  return { open: result?.open ?? null, closed };
}

const ZERO = 0n;

/** Zero, and a fillable amount equal to the whole order, share one bigint with the order's other fields. */
export function amount(text: string, whole?: bigint): bigint {
  if (text === '0') return ZERO;
  const value = BigInt(text);
  return value === whole ? whole : value;
}

/** The stored JSON text of the shortfalls, normalised as JSON.stringify writes it. */
export function shortfallsText(json: string): string {
  return json === '[]' ? '[]' : JSON.stringify(JSON.parse(json));
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
    {
      // The hash as one flat string: an accepted order's is made by concatenation (`0x${hex}`), and a
      // concatenation compared in every index insert's ties, and written into every page, costs more.
      hash: own(record.orderHash),
      maker: book.maker(record.maker),
      makerToken: book.text(record.makerTokenAddress),
      takerToken: book.text(record.takerTokenAddress),
      makerSymbol: book.text(symbols.maker),
      takerSymbol: book.text(symbols.taker),
      terms: book.terms(
        book.text(record.exchangeContractAddress),
        book.text(record.taker),
        book.text(record.feeRecipient),
      ),
      makerAmount,
      takerAmount,
      makerFee,
      takerFee: amount(record.takerFee, makerFee),
      expiration: BigInt(record.expirationUnixTimestampSec),
      salt: BigInt(record.salt),
      signature: recordSignature(record.ecSignature.v, record.ecSignature.r, record.ecSignature.s),
      createdAt: record.createdAt,
      version,
      filled: amount(record.filledTakerTokenAmount),
      cancelled: amount(record.cancelledTakerTokenAmount),
      fillableTaker: amount(record.fillableTakerTokenAmount, takerAmount),
      fillableMaker: amount(record.fillableMakerTokenAmount, makerAmount),
      shortfalls: shortfalls.length === 0 ? '[]' : JSON.stringify(shortfalls),
    },
    book.texts,
  );
}

/**
 * An open row as `BookOrderDecoder` reads it (the start-up read): like ROW_TEXT, but in the order the
 * decoder makes a BookOrder, without the state (every row is open), with the terms (exchange, taker,
 * fee recipient) and the pair (tokens and symbols) each side by side, so that a row's block is compared
 * with the previous row's in place (almost every row repeats the terms), and the shortfalls JSON-quoted
 * only when not '[]'.
 */
const ORDER_TEXT = `concat_ws(E'\\t', hash, version, created_at, maker, exchange, taker, fee_recipient,
  maker_token, taker_token, to_json(maker_token_symbol), to_json(taker_token_symbol), maker_token_amount,
  taker_token_amount, maker_fee, taker_fee, expiration, salt, filled_taker, cancelled_taker,
  fillable_taker, fillable_maker, v, r, s, CASE WHEN shortfalls = '[]' THEN '[]' ELSE to_json(shortfalls)::text END)`;
const ORDER_FIELDS = 25;
const TAB = '\t';

/** v as packSignature writes it: the byte's two hex digits. */
const V_HEX = Array.from({ length: 256 }, (_, v) => v.toString(16).padStart(2, '0'));

/** Whether text[from, to) is hex digits only (either case). */
function isHex(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i) | 32; // upper case to lower, digits unchanged
    if (!((c >= 48 && c <= 57) || (c >= 97 && c <= 102))) return false;
  }
  return true;
}

/**
 * `packSignature(v, r, s)` of an accepted order's signature, by joining texts when r and s are 0x and
 * 64 hex digits (as the decoder joins a row's): no trip through a Buffer per order.
 */
function recordSignature(v: number, r: string, s: string): string {
  if (
    Number.isInteger(v) &&
    v >= 0 &&
    v < 256 &&
    r.length === 66 &&
    s.length === 66 &&
    isHex(r, 2, 66) &&
    isHex(s, 2, 66)
  ) {
    return (V_HEX[v] + r.slice(2) + s.slice(2)).toLowerCase();
  }
  return packSignature(v, r, s);
}

/** Whether text[a, a + length) and text[b, b + length) hold the same characters. */
function sameText(text: string, a: number, b: number, length: number): boolean {
  for (let i = 0; i < length; i++) if (text.charCodeAt(a + i) !== text.charCodeAt(b + i)) return false;
  return true;
}

/**
 * A flat string of its own with the text of [from, to) (see `own`). V8 shares a substring of 13 or more
 * characters with its source; joined from two halves and lower-cased, it is copied once (flattened) and
 * comes back as that copy when nothing was upper case (every hex text the relayer writes). Otherwise, or
 * if anything changed, `own`: the text exactly as stored.
 */
function copyOf(text: string, from: number, to: number): string {
  const slice = text.slice(from, to);
  if (to - from < 13) return slice;
  const middle = (from + to) >>> 1;
  const copy = (text.slice(from, middle) + text.slice(middle, to)).toLowerCase();
  return copy === slice ? copy : own(slice);
}

/**
 * The value of the decimal digits at [from, to) when there are 1 to 15 of them (exact as a number),
 * read without a substring; -1 otherwise (the caller reads the substring).
 */
function smallDecimalAt(text: string, from: number, to: number): number {
  if (to - from > 15 || to === from) return -1;
  let value = 0;
  for (let i = from; i < to; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/** A small integer's decimal text at [from, to) (a version, a timestamp, v): Number() of it. */
function numberAt(text: string, from: number, to: number): number {
  const value = smallDecimalAt(text, from, to);
  return value < 0 ? Number(text.slice(from, to)) : value;
}

/** An amount's decimal text at [from, to): zero is the shared one. */
function bigintAt(text: string, from: number, to: number): bigint {
  const value = smallDecimalAt(text, from, to);
  if (value < 0) return BigInt(text.slice(from, to));
  return value === 0 ? ZERO : BigInt(value);
}

/** A block of a row (terms or pair) as read, and what it decoded to. */
interface Block<T> {
  readonly text: string;
  readonly value: T;
}
type PairTexts = readonly [string, string, string, string];

/**
 * Makes BookOrders straight from the start-up read's text (ORDER_TEXT rows joined by line feeds), equal
 * field for field to what the tests' column-by-column reading of the row makes (test/book/bookRows.ts): no array per row, no string per field
 * but those the order keeps (each its own copy, so nothing keeps the chunk's text alive) and the numbers'
 * texts BigInt reads. Addresses and symbols are interned across the whole read (one copy per distinct
 * value), the terms and pair of a row that repeats the previous row's taken without reading them again.
 * One decoder per book (its strings become the book's).
 */
export class BookOrderDecoder {
  readonly #book: NetworkBook;
  /** Own copies of the token and terms addresses read so far (the book's `text`). */
  readonly #texts = new Map<string, string>();
  /** Own copies of the makers read so far (makers are not the book's texts: they leave with their orders). */
  readonly #makers = new Map<string, string>();
  /** The last row's terms block (exchange to fee recipient, as read) and its terms. */
  #terms: Block<BookTerms> | undefined;
  /** Pair blocks (maker token to taker symbol, as read) and their four texts; the last row's. */
  readonly #pairs = new Map<string, Block<PairTexts>>();
  #pair: Block<PairTexts> | undefined;

  constructor(book: NetworkBook) {
    this.#book = book;
  }

  /** The interned own copy of text[from, to); quoted: a JSON string literal, decoded. */
  #text(text: string, from: number, to: number, quoted: boolean): string {
    const raw = text.slice(from, to);
    const known = this.#texts.get(raw);
    if (known !== undefined) return known;
    const value = this.#book.text(quoted ? (JSON.parse(raw) as string) : copyOf(text, from, to));
    // Keyed by the value itself: a key sliced from the chunk would keep its text alive.
    if (!quoted) this.#texts.set(value, value);
    return value;
  }

  /** The maker's address at text[from, to), one own copy per maker. */
  #maker(text: string, from: number, to: number): string {
    const known = this.#makers.get(text.slice(from, to));
    if (known !== undefined) return known;
    const value = this.#book.maker(copyOf(text, from, to));
    this.#makers.set(value, value);
    return value;
  }

  /** Appends the orders of `text` to `into`. A row of another shape throws. */
  decode(text: string, into: BookOrder[]): void {
    const book = this.#book;
    const end = text.length;
    // Where each field of the row starts and ends (the last ends at the line's end).
    const from = new Int32Array(ORDER_FIELDS);
    const to = new Int32Array(ORDER_FIELDS);
    for (let row = 0; row < end; ) {
      let lineEnd = text.indexOf('\n', row);
      if (lineEnd < 0) lineEnd = end;
      let at = row;
      let field = 0;
      for (; field < ORDER_FIELDS - 1; field++) {
        const tab = text.indexOf(TAB, at);
        if (tab < 0 || tab > lineEnd) break;
        from[field] = at;
        to[field] = tab;
        at = tab + 1;
      }
      const extra = text.indexOf(TAB, at);
      if (field !== ORDER_FIELDS - 1 || (extra >= 0 && extra < lineEnd)) {
        throw new Error(
          `a book row has ${field + 1}${field === ORDER_FIELDS - 1 ? '+' : ''} fields, not ${ORDER_FIELDS}`,
        );
      }
      from[field] = at;
      to[field] = lineEnd;

      const hash = copyOf(text, row, to[0] as number);
      const version = numberAt(text, from[1] as number, to[1] as number);
      const createdAt = numberAt(text, from[2] as number, to[2] as number);
      const maker = this.#maker(text, from[3] as number, to[3] as number);

      // The terms (exchange, taker, fee recipient): almost always the previous row's.
      const termsFrom = from[4] as number;
      const termsTo = to[6] as number;
      let terms = this.#terms;
      if (
        terms === undefined ||
        termsTo - termsFrom !== terms.text.length ||
        !text.startsWith(terms.text, termsFrom)
      ) {
        terms = {
          text: own(text.slice(termsFrom, termsTo)),
          value: book.terms(
            this.#text(text, termsFrom, to[4] as number, false),
            this.#text(text, from[5] as number, to[5] as number, false),
            this.#text(text, from[6] as number, termsTo, false),
          ),
        };
        this.#terms = terms;
      }

      // The pair (maker and taker tokens, their symbols as JSON strings): the previous row's, or a known one.
      const pairFrom = from[7] as number;
      const pairTo = to[10] as number;
      let pair = this.#pair;
      if (
        pair === undefined ||
        pairTo - pairFrom !== pair.text.length ||
        !text.startsWith(pair.text, pairFrom)
      ) {
        const raw = text.slice(pairFrom, pairTo);
        pair = this.#pairs.get(raw);
        if (pair === undefined) {
          pair = {
            text: own(raw),
            value: [
              this.#text(text, pairFrom, to[7] as number, false),
              this.#text(text, from[8] as number, to[8] as number, false),
              this.#text(text, from[9] as number, to[9] as number, true),
              this.#text(text, from[10] as number, pairTo, true),
            ],
          };
          this.#pairs.set(pair.text, pair);
        }
        this.#pair = pair;
      }
      const [makerToken, takerToken, makerSymbol, takerSymbol] = pair.value;

      const makerAmount = bigintAt(text, from[11] as number, to[11] as number);
      const takerAmount = bigintAt(text, from[12] as number, to[12] as number);
      const makerFee = bigintAt(text, from[13] as number, to[13] as number);
      // Equal fees (the common case) share one bigint; so do fillable amounts equal to the whole order.
      const takerFee = this.#same(text, from, to, 14, 13)
        ? makerFee
        : bigintAt(text, from[14] as number, to[14] as number);
      const expiration = bigintAt(text, from[15] as number, to[15] as number);
      const salt = bigintAt(text, from[16] as number, to[16] as number);
      const filled = bigintAt(text, from[17] as number, to[17] as number);
      const cancelled = bigintAt(text, from[18] as number, to[18] as number);
      const fillableTaker = this.#same(text, from, to, 19, 12)
        ? takerAmount
        : amount(text.slice(from[19], to[19]), takerAmount);
      const fillableMaker = this.#same(text, from, to, 20, 11)
        ? makerAmount
        : amount(text.slice(from[20], to[20]), makerAmount);

      // v, r and s as packSignature packs them (lower-case hex), here joined from the texts as read.
      const v = numberAt(text, from[21] as number, to[21] as number);
      const rFrom = from[22] as number;
      const sFrom = from[23] as number;
      const rTo = to[22] as number;
      const sTo = to[23] as number;
      const signature =
        Number.isInteger(v) &&
        v >= 0 &&
        v < 256 &&
        rTo - rFrom === 66 &&
        sTo - sFrom === 66 &&
        isHex(text, rFrom + 2, rFrom + 66) &&
        isHex(text, sFrom + 2, sFrom + 66)
          ? (V_HEX[v] + text.slice(rFrom + 2, rFrom + 66) + text.slice(sFrom + 2, sFrom + 66)).toLowerCase()
          : packSignature(v, text.slice(rFrom, rTo), text.slice(sFrom, sTo));

      const shortfallsFrom = from[24] as number;
      const shortfalls =
        lineEnd - shortfallsFrom === 2 &&
        text.charCodeAt(shortfallsFrom) === 91 &&
        text.charCodeAt(shortfallsFrom + 1) === 93
          ? '[]'
          : shortfallsText(JSON.parse(text.slice(shortfallsFrom, lineEnd)) as string);

      into.push(
        new BookOrder(
          {
            hash,
            maker,
            makerToken,
            takerToken,
            makerSymbol,
            takerSymbol,
            terms: terms.value,
            makerAmount,
            takerAmount,
            makerFee,
            takerFee,
            expiration,
            salt,
            signature,
            createdAt,
            version,
            filled,
            cancelled,
            fillableTaker,
            fillableMaker,
            shortfalls,
          },
          book.texts,
        ),
      );
      row = lineEnd + 1;
    }
  }

  /** Whether fields `a` and `b` of the row have the same text. */
  #same(text: string, from: Int32Array, to: Int32Array, a: number, b: number): boolean {
    const length = (to[a] as number) - (from[a] as number);
    return (
      length === (to[b] as number) - (from[b] as number) &&
      sameText(text, from[a] as number, from[b] as number, length)
    );
  }
}
