import { NULL_ADDRESS } from '@relayer/protocol';
import { SORT_CHUNK } from '../index/SlicedSort.js';
import type { SortedView } from '../index/SortedView.js';
import { type StoredSortField, storedSortFields } from '../sort/bookOrderings.js';
import type { IndexName } from '../sort/indexOrderings.js';
import type { BookOrder } from './BookOrder.js';
import type { BookTerms } from './BookTerms.js';
import { BookTexts } from './BookTexts.js';
import { buildIndexesInBackground } from './buildIndexesInBackground.js';
import { addTo, deleteFrom, increment } from './groups.js';
import { LazyIndexes } from './LazyIndexes.js';
import { PairBook } from './PairBook.js';
import { type CountedTerms, SharedTerms } from './SharedTerms.js';

const pairKey = (makerToken: string, takerToken: string) => makerToken + takerToken;

/**
 * The open book of one network in memory: every open order by hash; each sort field's order over the
 * whole book and over each pair (a pair's when first read); each pair's price orders; and the orders
 * of each maker and (other than the null address) each taker. Counts of exchanges, fee recipients and
 * takers let a filter that every or no order matches cost nothing. One mutation updates 10 indexes
 * (8 sorts of the book, 2 price orders of its pair) and the pair's sorts read so far, O(log n) each
 * (after a rebuild, those built so far, and a log the others replay once built).
 */
export class NetworkBook {
  /** Orders per unit of background work (tests make it tiny to interleave changes with a build). */
  readonly #chunk: number;
  /** The orders `load` was given, while an index built from them is missing (the background sorts them). */
  #base: readonly BookOrder[] | undefined;
  #job: Generator<void, void, void> | undefined;
  /** Orderings read before they were built, by a request: the background builds them first. */
  readonly #wanted = new Set<IndexName>();

  constructor(options: { chunk?: number } = {}) {
    this.#chunk = Math.max(1, options.chunk ?? SORT_CHUNK);
  }

  readonly orders = new Map<string, BookOrder>();
  /**
   * The network's verified tokens (listed in the TokenRegistry), which `verified=only` reads: set by the
   * read model from the database when it builds the book and again when the registry changes.
   */
  verifiedTokens: ReadonlySet<string> = new Set();
  #sortIndexes = new LazyIndexes(storedSortFields);
  /** Pairs with an index not built yet (after a bulk load). */
  readonly #incomplete = new Set<PairBook>();
  readonly pairs = new Map<string, PairBook>();
  /**
   * The same pairs by maker token, then taker token: what `pair` (every order added) looks up, with no
   * key concatenated (and hashed) per order.
   */
  readonly #pairsByTokens = new Map<string, Map<string, PairBook>>();
  readonly pairsByMakerToken = new Map<string, Set<PairBook>>();
  readonly pairsByTakerToken = new Map<string, Set<PairBook>>();
  readonly makers = new Map<string, Set<BookOrder>>();
  /** Orders that name a taker; the null taker (almost every order) is only counted. */
  readonly takers = new Map<string, Set<BookOrder>>();
  readonly exchangeCounts = new Map<string, number>();
  readonly feeRecipientCounts = new Map<string, number>();
  readonly takerCounts = new Map<string, number>();
  /** The texts this book's orders share (orders are made with it: `new BookOrder(fields, book.texts)`). */
  readonly texts = new BookTexts();
  /** The terms objects this book's orders share. */
  readonly #terms = new SharedTerms();

  get size(): number {
    return this.orders.size;
  }

  get(hash: string): BookOrder | undefined {
    return this.orders.get(hash);
  }

  pair(makerToken: string, takerToken: string): PairBook | undefined {
    return this.#pairsByTokens.get(makerToken)?.get(takerToken);
  }

  /** One shared copy of a token address or symbol. */
  text(value: string): string {
    return this.texts.text(value);
  }

  /** The shared terms object (its use is counted by `add`/`remove`). */
  terms(exchange: string, taker: string, feeRecipient: string): BookTerms {
    return this.#terms.terms(exchange, taker, feeRecipient);
  }

  /** Each sort field's order over the whole book (a view that answers before it is built, after a load). */
  sortIndex(field: StoredSortField): SortedView<BookOrder> {
    return this.#sortIndexes.index(field);
  }

  /** The maker's address as the book already holds it, so equal addresses share one string. */
  maker(address: string): string {
    const group = this.makers.get(address);
    if (!group) return address;
    for (const order of group) return order.maker;
    return address;
  }

  add(order: BookOrder): void {
    this.orders.set(order.hash, order);
    this.#sortIndexes.add(order);
    this.#pairOf(order).add(order);
    this.#group(order, 1);
  }

  remove(order: BookOrder): void {
    if (this.orders.get(order.hash) !== order) return;
    this.orders.delete(order.hash);
    this.#sortIndexes.remove(order);
    const pair = this.#pairOf(order);
    pair.remove(order);
    if (pair.size === 0) this.#dropPair(pair);
    this.#group(order, -1);
  }

  /**
   * Every index built (a book filled by `load` has them built by `buildNext`, or by reads that need one
   * whole). Finding so lets go of the pairs found built and, once all are, of the loaded orders.
   */
  isComplete(): boolean {
    if (!this.#sortIndexes.isComplete()) return false;
    for (const pair of this.#incomplete) {
      if (!pair.isComplete()) return false;
      this.#incomplete.delete(pair);
    }
    this.#base = undefined;
    this.#job = undefined;
    return true;
  }

  /**
   * Builds indexes a rebuild left unbuilt for about `budgetMs` (at least one unit of work: a chunk of a
   * sort, of a tree, or of the changes since the load); false once every index is built. The read model
   * calls it once per turn of the event loop after a rebuild (see buildIndexesInBackground).
   */
  buildNext(budgetMs = 0): boolean {
    if (this.isComplete()) return false;
    this.#job ??= this.#background();
    const until = performance.now() + budgetMs;
    do {
      if (this.#job.next().done) {
        this.#job = undefined;
        // Everything is built by now; should a pair have slipped through, it is built here.
        this.#finish();
        return false;
      }
    } while (performance.now() < until);
    return true;
  }

  *#background(): Generator<void, void, void> {
    const base = this.#base;
    if (!base) return;
    yield* buildIndexesInBackground({
      base,
      chunk: this.#chunk,
      incomplete: this.#incomplete,
      wanted: this.#wanted,
      sortIndexes: () => this.#sortIndexes,
      pair: (makerToken, takerToken) => this.pair(makerToken, takerToken),
    });
  }

  /** Builds every index still missing, at once. */
  #finish(): void {
    for (const field of storedSortFields) this.sortIndex(field).walk(0, 1, () => false);
    for (const pair of this.#incomplete) {
      pair.bookIndex().walk(0, 1, () => false);
      pair.priceIndex().walk(0, 1, () => false);
    }
    this.isComplete();
  }

  /**
   * Fills an empty book at once (a rebuild), far cheaper than inserting one by one: the orders by hash,
   * their pairs, makers and counts now; no index is sorted here (`buildNext` builds them in the
   * background, in slices, once the book serves; a read before then answers a page without them, see
   * PendingIndex). Each index is what inserting the orders one by one gives, ties in hash order.
   */
  load(orders: readonly BookOrder[]): void {
    if (this.orders.size > 0) throw new Error('load() fills an empty book only');
    // Each order's pair found through two maps of interned strings (no key to concatenate), the last
    // one found first (orders of a pair often come together).
    const members = new Map<string, Map<string, BookOrder[]>>();
    let lastMakerToken: string | undefined;
    let lastTakerToken: string | undefined;
    let lastPair: BookOrder[] = [];
    // The terms' uses are counted on the (shared) terms objects; the counts by exchange, fee recipient
    // and taker are made from them once, after the loop (what `#group` does order by order).
    const termsUsed: CountedTerms[] = [];
    const { makers, takers } = this;
    for (const order of orders) {
      const known = this.orders.size;
      this.orders.set(order.hash, order);
      if (this.orders.size === known) throw new Error(`load(): order ${order.hash} given twice`);
      const { makerToken, takerToken, terms } = order;
      if (makerToken !== lastMakerToken || takerToken !== lastTakerToken) {
        let byTaker = members.get(makerToken);
        if (!byTaker) {
          byTaker = new Map();
          members.set(makerToken, byTaker);
        }
        let pair = byTaker.get(takerToken);
        if (!pair) {
          pair = [];
          byTaker.set(takerToken, pair);
        }
        lastMakerToken = makerToken;
        lastTakerToken = takerToken;
        lastPair = pair;
      }
      lastPair.push(order);
      addTo(makers, order.maker, order);
      if (terms.taker !== NULL_ADDRESS) addTo(takers, terms.taker, order);
      const counted = terms as CountedTerms;
      if (counted.uses++ === 0) termsUsed.push(counted);
    }
    for (const terms of termsUsed) {
      increment(this.exchangeCounts, terms.exchange, terms.uses);
      increment(this.feeRecipientCounts, terms.feeRecipient, terms.uses);
      increment(this.takerCounts, terms.taker, terms.uses);
    }
    const base = [...orders];
    this.#base = base;
    this.#sortIndexes = new LazyIndexes(storedSortFields, base, this.#wanted);
    const loaded: PairBook[] = [];
    for (const [makerToken, byTaker] of members) {
      for (const [takerToken, pairOrders] of byTaker) {
        loaded.push(
          this.#addPair(new PairBook({ makerToken, takerToken, loaded: pairOrders, wanted: this.#wanted })),
        );
      }
    }
    // The background builds the largest pairs first: the likeliest to be read, the dearest to build then.
    for (const pair of loaded.sort((a, b) => b.size - a.size)) this.#incomplete.add(pair);
  }

  #pairOf(order: BookOrder): PairBook {
    return (
      this.pair(order.makerToken, order.takerToken) ??
      this.#addPair(new PairBook({ makerToken: order.makerToken, takerToken: order.takerToken }))
    );
  }

  #addPair(pair: PairBook): PairBook {
    this.pairs.set(pairKey(pair.makerToken, pair.takerToken), pair);
    let byTaker = this.#pairsByTokens.get(pair.makerToken);
    if (!byTaker) {
      byTaker = new Map();
      this.#pairsByTokens.set(pair.makerToken, byTaker);
    }
    byTaker.set(pair.takerToken, pair);
    addTo(this.pairsByMakerToken, pair.makerToken, pair);
    addTo(this.pairsByTakerToken, pair.takerToken, pair);
    return pair;
  }

  #dropPair(pair: PairBook): void {
    this.#incomplete.delete(pair);
    this.pairs.delete(pairKey(pair.makerToken, pair.takerToken));
    const byTaker = this.#pairsByTokens.get(pair.makerToken);
    if (byTaker?.delete(pair.takerToken) && byTaker.size === 0) this.#pairsByTokens.delete(pair.makerToken);
    deleteFrom(this.pairsByMakerToken, pair.makerToken, pair);
    deleteFrom(this.pairsByTakerToken, pair.takerToken, pair);
  }

  /** Adds (`by` 1) or removes (-1) the order's memberships of maker and taker groups and its counts. */
  #group(order: BookOrder, by: 1 | -1): void {
    const { terms } = order;
    if (by === 1) {
      addTo(this.makers, order.maker, order);
      if (terms.taker !== NULL_ADDRESS) addTo(this.takers, terms.taker, order);
    } else {
      deleteFrom(this.makers, order.maker, order);
      if (terms.taker !== NULL_ADDRESS) deleteFrom(this.takers, terms.taker, order);
    }
    increment(this.exchangeCounts, terms.exchange, by);
    increment(this.feeRecipientCounts, terms.feeRecipient, by);
    increment(this.takerCounts, terms.taker, by);
    const counted = terms as CountedTerms;
    counted.uses += by;
    if (counted.uses === 0) this.#terms.drop(counted);
  }
}
