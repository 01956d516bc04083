/** The maker-independent terms of an order; almost every order of a book shares one (interned). */
export interface BookTerms {
  readonly exchange: string;
  readonly taker: string;
  readonly feeRecipient: string;
}

/** The token addresses and symbols of orders, shared by every order with the same four. */
interface PairText {
  readonly makerToken: string;
  readonly takerToken: string;
  readonly makerSymbol: string;
  readonly takerSymbol: string;
}

/**
 * The pair texts in use (tokens by symbols: a few per listed pair), whichever book holds the orders:
 * the strings are the books' interned ones, so this adds one small object per entry. Held weakly: once
 * no order refers to one (its orders left the book, a symbol changed, a book was rebuilt) it is
 * collected and its entry dropped, so token and symbol churn cannot grow the map without bound.
 */
const PAIR_TEXTS = new Map<string, WeakRef<PairText>>();
const PAIR_TEXTS_UNUSED = new FinalizationRegistry<string>((key) => {
  // A newer entry under the same key may have replaced the collected one: keep that.
  if (PAIR_TEXTS.get(key)?.deref() === undefined) PAIR_TEXTS.delete(key);
});

/** How many pair texts are held (for tests). */
export function pairTextEntries(): number {
  return PAIR_TEXTS.size;
}

function pairText(
  makerToken: string,
  takerToken: string,
  makerSymbol: string,
  takerSymbol: string,
): PairText {
  const key = `${makerToken}\u0000${takerToken}\u0000${makerSymbol}\u0000${takerSymbol}`;
  let text = PAIR_TEXTS.get(key)?.deref();
  if (!text) {
    text = { makerToken, takerToken, makerSymbol, takerSymbol };
    PAIR_TEXTS.set(key, new WeakRef(text));
    PAIR_TEXTS_UNUSED.register(text, key);
  }
  return text;
}

/**
 * createdAt is kept as two small integers (no heap number per order): high * 10^6 + low, decimal so
 * that its text is the two integers' text (a page writes it per order; a large double's text is slow).
 */
const CREATED_SPLIT = 1_000_000;

/**
 * An open order as the read model keeps it: compact (about 0.8 KB an order with its strings, its
 * indexes' share and the book's maps), with amounts as bigints, addresses, symbols and terms interned,
 * and the signature packed as 65 bytes (`v`, `r`, `s`) in a latin1 string. Its record and JSON are
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
  readonly maker: string;
  readonly terms: BookTerms;
  readonly makerAmount: bigint;
  readonly takerAmount: bigint;
  readonly makerFee: bigint;
  readonly takerFee: bigint;
  readonly expiration: bigint;
  readonly salt: bigint;
  /** v (one char), r and s (32 chars each), as latin1. */
  readonly signature: string;
  readonly #pair: PairText;
  readonly #createdHigh: number;
  readonly #createdLow: number;
  /** The version of an untouched order, or its chain state. */
  #chain: number | BookChainState;

  constructor(
    hash: string,
    maker: string,
    makerToken: string,
    takerToken: string,
    makerSymbol: string,
    takerSymbol: string,
    terms: BookTerms,
    makerAmount: bigint,
    takerAmount: bigint,
    makerFee: bigint,
    takerFee: bigint,
    expiration: bigint,
    salt: bigint,
    signature: string,
    /** Unix ms when the relayer first accepted it. */
    createdAt: number,
    /** The row's version (`orders.version`): changes apply only over an older one. */
    version: number,
    filled: bigint,
    cancelled: bigint,
    fillableTaker: bigint,
    fillableMaker: bigint,
    /** JSON array of Shortfall as stored ('[]' almost always). */
    shortfalls: string,
  ) {
    this.hash = hash;
    this.maker = maker;
    this.terms = terms;
    this.makerAmount = makerAmount;
    this.takerAmount = takerAmount;
    this.makerFee = makerFee;
    this.takerFee = takerFee;
    this.expiration = expiration;
    this.salt = salt;
    this.signature = signature;
    this.#pair = pairText(makerToken, takerToken, makerSymbol, takerSymbol);
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

/** Packs v, r and s (0x-prefixed 32-byte hex) as BookOrder keeps them. */
export function packSignature(v: number, r: string, s: string): string {
  return String.fromCharCode(v) + Buffer.from(r.slice(2) + s.slice(2), 'hex').toString('latin1');
}

export function signatureV(signature: string): number {
  return signature.charCodeAt(0);
}

/** Scratch bytes for turning a packed signature into hex (one buffer, reused: reads are synchronous). */
const SIGNATURE_BYTES = Buffer.allocUnsafe(65);

/** r and s as 128 hex digits (no prefix), in one conversion: what a page writes per order. */
export function signatureHex(signature: string): string {
  SIGNATURE_BYTES.write(signature, 0, 65, 'latin1');
  return SIGNATURE_BYTES.toString('hex', 1, 65);
}

export function signatureR(signature: string): string {
  return `0x${signatureHex(signature).slice(0, 64)}`;
}

export function signatureS(signature: string): string {
  return `0x${signatureHex(signature).slice(64)}`;
}
