import type { JsonSegments } from './BookTerms.js';

/** The token addresses and symbols of orders, shared by every order with the same four. */
export interface PairText {
  readonly makerToken: string;
  readonly takerToken: string;
  readonly makerSymbol: string;
  readonly takerSymbol: string;
  /** The interner that made it (orders reach their book's texts through it, at no cost per order). */
  readonly texts: BookTexts;
  /** The JSON around the maker of the last terms a page wrote with this pair (see `jsonSegments`). */
  segments: JsonSegments | undefined;
}

/** A character (UTF-16 code unit) above U+007F. */
const NOT_ASCII = /[\u0080-\uffff]/;

/**
 * The texts one book's orders share, and what the book knows of them: one copy of each token address
 * and symbol (`text`), one pair text per tokens and symbols (`pair`), and whether every text that goes
 * into a page has been ASCII so far (`asciiOnlySoFar`). One per NetworkBook, so a rebuilt book starts
 * afresh and two books (or two read models in one process) never see each other's strings.
 */
export class BookTexts {
  readonly #texts = new Map<string, string>();
  /**
   * The pair texts in use, found by maker token, then taker token (interned strings, whose hashes V8
   * keeps: no key is made per order), then symbols. Held weakly: once no order refers to one (its orders
   * left the book, a symbol changed) it is collected and its entry dropped, so token and symbol churn
   * cannot grow the maps without bound.
   */
  readonly #pairs = new Map<string, Map<string, WeakRef<PairText>[]>>();
  readonly #unused = new FinalizationRegistry<{ makerToken: string; takerToken: string }>(
    ({ makerToken, takerToken }) => this.#drop(makerToken, takerToken),
  );
  /** The last pair text made or found (consecutive orders often share one). */
  #last: PairText | undefined;
  #asciiOnly = true;

  /** One shared copy of a token address or symbol. */
  text(value: string): string {
    const known = this.#texts.get(value);
    if (known !== undefined) return known;
    this.#texts.set(value, value);
    return value;
  }

  /** The one pair text of these tokens and symbols. */
  pair(makerToken: string, takerToken: string, makerSymbol: string, takerSymbol: string): PairText {
    const last = this.#last;
    if (
      last !== undefined &&
      last.makerToken === makerToken &&
      last.takerToken === takerToken &&
      last.makerSymbol === makerSymbol &&
      last.takerSymbol === takerSymbol
    ) {
      return last;
    }
    let byTaker = this.#pairs.get(makerToken);
    if (!byTaker) {
      byTaker = new Map();
      this.#pairs.set(makerToken, byTaker);
    }
    let refs = byTaker.get(takerToken);
    if (!refs) {
      refs = [];
      byTaker.set(takerToken, refs);
    }
    for (const ref of refs) {
      const text = ref.deref();
      if (text !== undefined && text.makerSymbol === makerSymbol && text.takerSymbol === takerSymbol) {
        this.#last = text;
        return text;
      }
    }
    const text: PairText = {
      makerToken,
      takerToken,
      makerSymbol,
      takerSymbol,
      texts: this,
      segments: undefined,
    };
    refs.push(new WeakRef(text));
    this.#unused.register(text, { makerToken, takerToken });
    this.#last = text;
    return text;
  }

  /** How many pair texts are held (for tests). */
  countPairTexts(): number {
    let entries = 0;
    for (const byTaker of this.#pairs.values()) for (const refs of byTaker.values()) entries += refs.length;
    return entries;
  }

  /**
   * Whether every text a page of the book's orders is written from has been ASCII so far: the orders'
   * hashes, makers, token and terms addresses and stored shortfalls (checked as orders are made and
   * their JSON pieces first written; the rest of a page is digits, hex, names and base64url). Then its
   * latin1 bytes are its UTF-8 bytes (`pageBytes`). Once any is not, it stays false.
   */
  asciiOnlySoFar(): boolean {
    return this.#asciiOnly;
  }

  /** Notes a text that goes into pages (see asciiOnlySoFar). */
  note(text: string): void {
    if (this.#asciiOnly && NOT_ASCII.test(text)) this.#asciiOnly = false;
  }

  #drop(makerToken: string, takerToken: string): void {
    const byTaker = this.#pairs.get(makerToken);
    const refs = byTaker?.get(takerToken);
    if (!byTaker || !refs) return;
    const live = refs.filter((ref) => ref.deref() !== undefined);
    if (live.length > 0) byTaker.set(takerToken, live);
    else if (byTaker.delete(takerToken) && byTaker.size === 0) this.#pairs.delete(makerToken);
  }
}
