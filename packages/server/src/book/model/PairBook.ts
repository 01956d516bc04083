import { OrderedIndex } from '../index/OrderedIndex.js';
import type { SortedView } from '../index/SortedView.js';
import type { StoredSortField } from '../sort/bookOrderings.js';
import { bulkOrderingOf, compareOf, type IndexName } from '../sort/indexOrderings.js';
import { sortOrders } from '../sort/sortOrders.js';
import type { BookOrder } from './BookOrder.js';
import { LazyIndexes } from './LazyIndexes.js';

/** The indexes a pair keeps from its first order on: `GET /v0/orderbook`'s and `GET /v0/orders`' price orders. */
type PairIndexName = 'book' | 'byPrice';
const PAIR_INDEXES: readonly PairIndexName[] = ['book', 'byPrice'];
/** Up to this many orders, a pair's sort-field order is built by a comparison sort (see `PairBook.sortIndex`). */
const PAIR_COMPARE_SORT = 16_384;

/** What a PairBook is made from. */
export interface PairBookOptions {
  readonly makerToken: string;
  readonly takerToken: string;
  /** The pair's orders, when they come from a bulk load (its indexes then wait for the background). */
  readonly loaded?: readonly BookOrder[];
  /** Where reads of its unbuilt indexes are noted (NetworkBook's background builds those first). */
  readonly wanted?: Set<IndexName>;
}

/**
 * The open orders of one (maker token, taker token) pair, in every order a route reads a pair in. Its
 * price orders (`bookIndex`, `priceIndex`) are kept from the start: a pair filled by a rebuild
 * (`NetworkBook.load`) has them built in the background (or when a read needs one whole); one made by
 * `add` builds them as orders come. Its sort-field orders (`sortIndex`: `GET /order` with a token filter,
 * `GET /v0/orders` with one token) are built when first read, by sorting the pair's orders, and kept
 * from then on: an order enters only the ones read so far (2 to 10 indexes of a pair instead of 10).
 */
export class PairBook {
  readonly makerToken: string;
  readonly takerToken: string;
  readonly #indexes: LazyIndexes<PairIndexName>;
  /** The sort-field orders read so far (built on first read, then kept current). */
  readonly #sorts = new Map<StoredSortField, OrderedIndex<BookOrder>>();
  #size = 0;

  constructor(options: PairBookOptions) {
    this.makerToken = options.makerToken;
    this.takerToken = options.takerToken;
    this.#indexes = new LazyIndexes(PAIR_INDEXES, options.loaded, options.wanted);
    this.#size = options.loaded?.length ?? 0;
  }

  /** `GET /v0/orderbook`'s order (asks of this pair, or bids of the reverse market). */
  bookIndex(): SortedView<BookOrder> {
    return this.#indexes.index('book');
  }

  /** `GET /v0/orders`' order when both tokens are given. */
  priceIndex(): SortedView<BookOrder> {
    return this.#indexes.index('byPrice');
  }

  get size(): number {
    return this.#size;
  }

  /** Every index the background builds is built. */
  isComplete(): boolean {
    return this.#indexes.isComplete();
  }

  /**
   * Whether the background has nothing to build of this index: built, or a sort-field order (which the
   * pair builds itself when it is first read).
   */
  has(name: IndexName): boolean {
    return name === 'book' || name === 'byPrice' ? this.#indexes.has(name) : true;
  }

  /** See LazyIndexes.install (`NetworkBook.buildNext`); only for the price orders (`has`). */
  install(name: IndexName, sorted: readonly BookOrder[], nodes: number, changes: number): () => boolean {
    if (name !== 'book' && name !== 'byPrice') return () => false;
    return this.#indexes.install(name, sorted, nodes, changes);
  }

  /** Every order of the pair, in no particular order. */
  forEach(visit: (order: BookOrder) => void): void {
    this.#indexes.forEach(visit);
  }

  add(order: BookOrder): void {
    this.#indexes.add(order);
    for (const index of this.#sorts.values()) index.insert(order);
    this.#size++;
  }

  remove(order: BookOrder): void {
    this.#indexes.remove(order);
    for (const index of this.#sorts.values()) index.delete(order);
    this.#size--;
  }

  /**
   * The pair's order by `field`, built now from the pair's orders if it was never read: one sort of the
   * pair (what a rebuild's background did for every pair and field), then an insert per change.
   * Every order is unique under the comparator (ties break by hash), so any sort gives one order.
   */
  sortIndex(field: StoredSortField): OrderedIndex<BookOrder> {
    const known = this.#sorts.get(field);
    if (known) return known;
    const orders: BookOrder[] = [];
    this.#indexes.forEach((order) => void orders.push(order));
    const compare = compareOf(field);
    const index = new OrderedIndex(compare);
    // A pair of a few thousand orders sorts fastest with the index's own comparator; a large one by
    // the rebuild's bulk sort. Both give the comparator's order exactly.
    index.load(
      orders.length <= PAIR_COMPARE_SORT ? orders.sort(compare) : sortOrders(orders, bulkOrderingOf(field)),
    );
    this.#sorts.set(field, index);
    return index;
  }
}
