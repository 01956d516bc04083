import { BookOrder } from '../model/BookOrder.js';
import type { BookTerms } from '../model/BookTerms.js';
import type { NetworkBook } from '../model/NetworkBook.js';
import { packSignature } from '../model/packSignature.js';
import { BOOK_FIELD_COUNT, BOOK_FIELDS } from './orderColumns.js';
import {
  amount,
  bigintAt,
  copyOf,
  isHex,
  numberAt,
  own,
  sameText,
  shortfallsText,
  V_HEX,
} from './rowText.js';

const {
  hash: HASH,
  version: VERSION,
  created_at: CREATED_AT,
  maker: MAKER,
  exchange: EXCHANGE,
  taker: TAKER,
  fee_recipient: FEE_RECIPIENT,
  maker_token: MAKER_TOKEN,
  taker_token: TAKER_TOKEN,
  maker_token_symbol: MAKER_TOKEN_SYMBOL,
  taker_token_symbol: TAKER_TOKEN_SYMBOL,
  maker_token_amount: MAKER_TOKEN_AMOUNT,
  taker_token_amount: TAKER_TOKEN_AMOUNT,
  maker_fee: MAKER_FEE,
  taker_fee: TAKER_FEE,
  expiration: EXPIRATION,
  salt: SALT,
  filled_taker: FILLED_TAKER,
  cancelled_taker: CANCELLED_TAKER,
  fillable_taker: FILLABLE_TAKER,
  fillable_maker: FILLABLE_MAKER,
  v: V,
  r: R,
  s: S,
  shortfalls: SHORTFALLS,
} = BOOK_FIELDS;

// The decoder reads the hash from the line's start, the shortfalls to its end, and the terms and the
// pair each as one block of fields side by side.
if (
  HASH !== 0 ||
  SHORTFALLS !== BOOK_FIELD_COUNT - 1 ||
  TAKER !== EXCHANGE + 1 ||
  FEE_RECIPIENT !== TAKER + 1 ||
  TAKER_TOKEN !== MAKER_TOKEN + 1 ||
  MAKER_TOKEN_SYMBOL !== TAKER_TOKEN + 1 ||
  TAKER_TOKEN_SYMBOL !== MAKER_TOKEN_SYMBOL + 1
) {
  throw new Error(
    'BOOK_TEXT_ORDER: the decoder needs the hash first, the shortfalls last, the terms and the pair in blocks',
  );
}

/** A block of a row (terms or pair) as read, and what it decoded to. */
interface Block<T> {
  readonly text: string;
  readonly value: T;
}
type PairTexts = readonly [string, string, string, string];

/**
 * Makes BookOrders straight from the start-up read's text (BOOK_TEXT rows joined by line feeds), equal
 * field for field to what the tests' column-by-column reading of the row makes (test/helpers/bookRows.ts): no array per row, no string per field
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
    const from = new Int32Array(BOOK_FIELD_COUNT);
    const to = new Int32Array(BOOK_FIELD_COUNT);
    for (let row = 0; row < end; ) {
      let lineEnd = text.indexOf('\n', row);
      if (lineEnd < 0) lineEnd = end;
      let at = row;
      let field = 0;
      for (; field < BOOK_FIELD_COUNT - 1; field++) {
        const tab = text.indexOf('\t', at);
        if (tab < 0 || tab > lineEnd) break;
        from[field] = at;
        to[field] = tab;
        at = tab + 1;
      }
      const extra = text.indexOf('\t', at);
      if (field !== BOOK_FIELD_COUNT - 1 || (extra >= 0 && extra < lineEnd)) {
        throw new Error(
          `a book row has ${field + 1}${field === BOOK_FIELD_COUNT - 1 ? '+' : ''} fields, not ${BOOK_FIELD_COUNT}`,
        );
      }
      from[field] = at;
      to[field] = lineEnd;

      const hash = copyOf(text, row, to[HASH] as number);
      const version = numberAt(text, from[VERSION] as number, to[VERSION] as number);
      const createdAt = numberAt(text, from[CREATED_AT] as number, to[CREATED_AT] as number);
      const maker = this.#maker(text, from[MAKER] as number, to[MAKER] as number);

      // The terms (exchange, taker, fee recipient): almost always the previous row's.
      const termsFrom = from[EXCHANGE] as number;
      const termsTo = to[FEE_RECIPIENT] as number;
      let terms = this.#terms;
      if (
        terms === undefined ||
        termsTo - termsFrom !== terms.text.length ||
        !text.startsWith(terms.text, termsFrom)
      ) {
        terms = {
          text: own(text.slice(termsFrom, termsTo)),
          value: book.terms(
            this.#text(text, termsFrom, to[EXCHANGE] as number, false),
            this.#text(text, from[TAKER] as number, to[TAKER] as number, false),
            this.#text(text, from[FEE_RECIPIENT] as number, termsTo, false),
          ),
        };
        this.#terms = terms;
      }

      // The pair (maker and taker tokens, their symbols as JSON strings): the previous row's, or a known one.
      const pairFrom = from[MAKER_TOKEN] as number;
      const pairTo = to[TAKER_TOKEN_SYMBOL] as number;
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
              this.#text(text, pairFrom, to[MAKER_TOKEN] as number, false),
              this.#text(text, from[TAKER_TOKEN] as number, to[TAKER_TOKEN] as number, false),
              this.#text(text, from[MAKER_TOKEN_SYMBOL] as number, to[MAKER_TOKEN_SYMBOL] as number, true),
              this.#text(text, from[TAKER_TOKEN_SYMBOL] as number, pairTo, true),
            ],
          };
          this.#pairs.set(pair.text, pair);
        }
        this.#pair = pair;
      }
      const [makerToken, takerToken, makerSymbol, takerSymbol] = pair.value;

      const makerAmount = bigintAt(
        text,
        from[MAKER_TOKEN_AMOUNT] as number,
        to[MAKER_TOKEN_AMOUNT] as number,
      );
      const takerAmount = bigintAt(
        text,
        from[TAKER_TOKEN_AMOUNT] as number,
        to[TAKER_TOKEN_AMOUNT] as number,
      );
      const makerFee = bigintAt(text, from[MAKER_FEE] as number, to[MAKER_FEE] as number);
      // Equal fees (the common case) share one bigint; so do fillable amounts equal to the whole order.
      const takerFee = this.#same(text, from, to, TAKER_FEE, MAKER_FEE)
        ? makerFee
        : bigintAt(text, from[TAKER_FEE] as number, to[TAKER_FEE] as number);
      const expiration = bigintAt(text, from[EXPIRATION] as number, to[EXPIRATION] as number);
      const salt = bigintAt(text, from[SALT] as number, to[SALT] as number);
      const filled = bigintAt(text, from[FILLED_TAKER] as number, to[FILLED_TAKER] as number);
      const cancelled = bigintAt(text, from[CANCELLED_TAKER] as number, to[CANCELLED_TAKER] as number);
      const fillableTaker = this.#same(text, from, to, FILLABLE_TAKER, TAKER_TOKEN_AMOUNT)
        ? takerAmount
        : amount(text.slice(from[FILLABLE_TAKER], to[FILLABLE_TAKER]), takerAmount);
      const fillableMaker = this.#same(text, from, to, FILLABLE_MAKER, MAKER_TOKEN_AMOUNT)
        ? makerAmount
        : amount(text.slice(from[FILLABLE_MAKER], to[FILLABLE_MAKER]), makerAmount);

      // v, r and s as packSignature packs them (lower-case hex), here joined from the texts as read.
      const v = numberAt(text, from[V] as number, to[V] as number);
      const rFrom = from[R] as number;
      const sFrom = from[S] as number;
      const rTo = to[R] as number;
      const sTo = to[S] as number;
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

      const shortfallsFrom = from[SHORTFALLS] as number;
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
