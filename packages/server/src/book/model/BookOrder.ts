import type { BookTerms, JsonSegments } from './BookTerms.js';
import type { BookTexts, PairText } from './BookTexts.js';
import { hashKey } from './hashKey.js';

/** What a BookOrder is made from: the order's own fields, then its chain state as stored. */
export interface BookOrderFields {
  readonly hash: string;
  readonly maker: string;
  readonly makerToken: string;
  readonly takerToken: string;
  readonly makerSymbol: string;
  readonly takerSymbol: string;
  /** The book's shared terms object (`NetworkBook.terms`). */
  readonly terms: BookTerms;
  readonly makerAmount: bigint;
  readonly takerAmount: bigint;
  readonly makerFee: bigint;
  readonly takerFee: bigint;
  readonly expiration: bigint;
  readonly salt: bigint;
  /** v, r and s packed by `packSignature`. */
  readonly signature: string;
  /** Unix ms when the relayer first accepted it. */
  readonly createdAt: number;
  /** The row's version (`orders.version`): changes apply only over an older one. */
  readonly version: number;
  readonly filled: bigint;
  readonly cancelled: bigint;
  readonly fillableTaker: bigint;
  readonly fillableMaker: bigint;
  /** JSON array of Shortfall as stored ('[]' almost always). */
  readonly shortfalls: string;
}

/**
 * createdAt is kept as two small integers (no heap number per order): high * 10^6 + low, decimal so
 * that its text is the two integers' text (a page writes it per order; a large double's text is slow).
 */
const CREATED_SPLIT = 1_000_000;

/**
 * An open order as the read model keeps it: compact, with amounts as bigints, addresses, symbols and terms interned,
 * and the signature packed as the hex of its 65 bytes (`v`, `r`, `s`) in one string. Its record and JSON are
 * made when a page is served.
 *
 * The order's own fields never change. The chain state (filled, cancelled, fillable amounts, what the
 * maker lacks) and the row version change in place: none of them is a sort key. A new symbol is a new
 * BookOrder (symbols are sort keys).
 *
 * Memory: the token addresses and symbols are one shared object; createdAt is two small integers; the
 * chain state of an untouched order (nothing filled or cancelled, all of it fillable, nothing lacking:
 * almost every open order) is just its version, and an object of its own once it changes.
 */
export class BookOrder {
  readonly hash: string;
  /** The hash's first 7 hex digits as a number (`hashKey`): ties break on it before the hash's text. */
  readonly hashKey: number;
  readonly maker: string;
  readonly terms: BookTerms;
  readonly makerAmount: bigint;
  readonly takerAmount: bigint;
  readonly makerFee: bigint;
  readonly takerFee: bigint;
  readonly expiration: bigint;
  readonly salt: bigint;
  /** v, r and s as 130 lower-case hex digits (`packSignature`). */
  readonly signature: string;
  readonly #pair: PairText;
  readonly #createdHigh: number;
  readonly #createdLow: number;
  /** The version of an untouched order, or its chain state. */
  #chain: number | BookChainState;

  /** `texts` is the interner of the book the order is made for (`NetworkBook.texts`). */
  constructor(fields: BookOrderFields, texts: BookTexts) {
    const {
      hash,
      maker,
      makerAmount,
      takerAmount,
      version,
      filled,
      cancelled,
      fillableTaker,
      fillableMaker,
    } = fields;
    const { shortfalls, createdAt } = fields;
    texts.note(hash);
    texts.note(maker);
    this.hash = hash;
    this.hashKey = hashKey(hash);
    this.maker = maker;
    this.terms = fields.terms;
    this.makerAmount = makerAmount;
    this.takerAmount = takerAmount;
    this.makerFee = fields.makerFee;
    this.takerFee = fields.takerFee;
    this.expiration = fields.expiration;
    this.salt = fields.salt;
    this.signature = fields.signature;
    this.#pair = texts.pair(fields.makerToken, fields.takerToken, fields.makerSymbol, fields.takerSymbol);
    this.#createdHigh = Math.floor(createdAt / CREATED_SPLIT);
    this.#createdLow = createdAt - this.#createdHigh * CREATED_SPLIT;
    const untouched =
      filled === 0n &&
      cancelled === 0n &&
      fillableTaker === takerAmount &&
      fillableMaker === makerAmount &&
      shortfalls === '[]';
    this.#chain = untouched
      ? version
      : { version, filled, cancelled, fillableTaker, fillableMaker, shortfalls };
  }

  get makerToken(): string {
    return this.#pair.makerToken;
  }

  get takerToken(): string {
    return this.#pair.takerToken;
  }

  get makerSymbol(): string {
    return this.#pair.makerSymbol;
  }

  get takerSymbol(): string {
    return this.#pair.takerSymbol;
  }

  /**
   * The constant JSON around the maker for this order's pair and terms (`{"exchangeContractAddress":…,
   * "maker":"` and `","taker":…,"makerTokenAmount":"`), shared by the pair's orders: kept for the
   * last terms written (almost every order of a book shares one), made again for others.
   */
  jsonSegments(): JsonSegments {
    const pair = this.#pair;
    const known = pair.segments;
    const { terms } = this;
    if (known !== undefined && known.terms === terms) return known;
    // Addresses only (validated, lower-case hex): nothing JSON would escape.
    for (const text of [terms.exchange, terms.taker, terms.feeRecipient, pair.makerToken, pair.takerToken])
      pair.texts.note(text);
    const segments = {
      terms,
      head: `{"exchangeContractAddress":"${terms.exchange}","maker":"`,
      middle: `","taker":"${terms.taker}","makerTokenAddress":"${pair.makerToken}","takerTokenAddress":"${pair.takerToken}","feeRecipient":"${terms.feeRecipient}","makerTokenAmount":"`,
    };
    pair.segments = segments;
    return segments;
  }

  /** The interner of the order's book, which notes the texts its pages are written from. */
  texts(): BookTexts {
    return this.#pair.texts;
  }

  /**
   * Nothing filled or cancelled, all of it fillable, nothing lacking (almost every open order): its
   * remaining and fillable amounts are its own amounts.
   */
  get untouched(): boolean {
    return typeof this.#chain === 'number';
  }

  /** Unix ms when the relayer first accepted it. */
  get createdAt(): number {
    return this.#createdHigh * CREATED_SPLIT + this.#createdLow;
  }

  /** `String(createdAt)`, from its two integers when that is exact (a whole, positive number of ms). */
  get createdAtText(): string {
    const high = this.#createdHigh;
    const low = this.#createdLow;
    if (high > 0 && Number.isInteger(low)) return `${high}${`${low + CREATED_SPLIT}`.slice(1)}`;
    return `${this.createdAt}`;
  }

  /** The chain state as an object of the order's own, made when an untouched order first changes. */
  #state(): BookChainState {
    const chain = this.#chain;
    if (typeof chain !== 'number') return chain;
    const state: BookChainState = {
      version: chain,
      filled: 0n,
      cancelled: 0n,
      fillableTaker: this.takerAmount,
      fillableMaker: this.makerAmount,
      shortfalls: '[]',
    };
    this.#chain = state;
    return state;
  }

  /** The row's version (`orders.version`): changes apply only over an older one. */
  get version(): number {
    const chain = this.#chain;
    return typeof chain === 'number' ? chain : chain.version;
  }

  set version(version: number) {
    if (typeof this.#chain === 'number') this.#chain = version;
    else this.#chain.version = version;
  }

  get filled(): bigint {
    const chain = this.#chain;
    return typeof chain === 'number' ? 0n : chain.filled;
  }

  set filled(filled: bigint) {
    if (typeof this.#chain !== 'number' || filled !== 0n) this.#state().filled = filled;
  }

  get cancelled(): bigint {
    const chain = this.#chain;
    return typeof chain === 'number' ? 0n : chain.cancelled;
  }

  set cancelled(cancelled: bigint) {
    if (typeof this.#chain !== 'number' || cancelled !== 0n) this.#state().cancelled = cancelled;
  }

  get fillableTaker(): bigint {
    const chain = this.#chain;
    return typeof chain === 'number' ? this.takerAmount : chain.fillableTaker;
  }

  set fillableTaker(fillable: bigint) {
    if (typeof this.#chain !== 'number' || fillable !== this.takerAmount)
      this.#state().fillableTaker = fillable;
  }

  get fillableMaker(): bigint {
    const chain = this.#chain;
    return typeof chain === 'number' ? this.makerAmount : chain.fillableMaker;
  }

  set fillableMaker(fillable: bigint) {
    if (typeof this.#chain !== 'number' || fillable !== this.makerAmount)
      this.#state().fillableMaker = fillable;
  }

  /** JSON array of Shortfall as stored ('[]' almost always). */
  get shortfalls(): string {
    const chain = this.#chain;
    return typeof chain === 'number' ? '[]' : chain.shortfalls;
  }

  set shortfalls(shortfalls: string) {
    if (typeof this.#chain !== 'number' || shortfalls !== '[]') this.#state().shortfalls = shortfalls;
  }
}

/** The chain state of an order, which changes in place. */
export interface BookChainState {
  version: number;
  filled: bigint;
  cancelled: bigint;
  fillableTaker: bigint;
  fillableMaker: bigint;
  shortfalls: string;
}
