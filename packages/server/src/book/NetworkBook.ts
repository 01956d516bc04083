import { NULL_ADDRESS } from '@relayer/protocol';
import type { BookOrder, BookTerms } from './BookOrder.js';
import {
  compareBookOrder,
  compareHashes,
  compareSraPrice,
  SORT_ORDERINGS,
  type StoredSortField,
  storedSortFields,
} from './bookOrderings.js';
import { inHashOrder, sortByHash, sortByKey, sortForBook, sortForPrice } from './bulkSort.js';
import { OrderedIndex } from './OrderedIndex.js';

type SortIndexes = Record<StoredSortField, OrderedIndex<BookOrder>>;

/**
 * The orders an index not built yet will be built from, in hash order (how every index breaks ties, and
 * what bulkSort needs). Kept only while some index of its owner is unbuilt. A removal is O(1) (noted,
 * and dropped from the array when it is next read): a burst of removals just after the rebuild of a
 * large book (an expiry sweep) must not scan it once each.
 */
class Unindexed {
  #orders: BookOrder[];
  #inHashOrder: boolean;
  readonly #removed = new Set<BookOrder>();

  constructor(orders: BookOrder[], inHashOrder: boolean) {
    this.#orders = orders;
    this.#inHashOrder = inHashOrder;
  }

  add(order: BookOrder): void {
    // Removed since the array was last read: it is still in it.
    if (this.#removed.delete(order)) return;
    const last = this.#orders[this.#orders.length - 1];
    if (last && compareHashes(last.hash, order.hash) >= 0) this.#inHashOrder = false;
    this.#orders.push(order);
  }

  remove(order: BookOrder): void {
    this.#removed.add(order);
  }

  /** The orders in hash order (sorted now if changes left them out of it). */
  ordered(): readonly BookOrder[] {
    if (this.#removed.size > 0) {
      this.#orders = this.#orders.filter((order) => !this.#removed.has(order));
      this.#removed.clear();
    }
    if (!this.#inHashOrder) {
      this.#orders = sortByHash(this.#orders);
      this.#inHashOrder = true;
    }
    return this.#orders;
  }
}

/**
 * Indexes that are built when first read (or by `buildNext`, in the background after a rebuild) from
 * the orders they would hold, and kept current by `add`/`remove` from then on. An index read after
 * changes holds exactly what inserting and deleting one by one would have left: each is sorted by
 * bulkSort, which orders as the index's comparator does (the bulk-load test), from the current orders.
 */
class LazyIndexes<Name extends string> {
  readonly #built = new Map<Name, OrderedIndex<BookOrder>>();
  #unindexed: Unindexed | undefined;

  constructor(
    readonly names: readonly Name[],
    private readonly make: (
      name: Name,
      hashOrdered: readonly BookOrder[] | undefined,
    ) => OrderedIndex<BookOrder>,
    unindexed: Unindexed | undefined,
  ) {
    this.#unindexed = unindexed;
    if (!unindexed) for (const name of names) this.#built.set(name, make(name, undefined));
  }

  get complete(): boolean {
    return this.#unindexed === undefined;
  }

  get(name: Name): OrderedIndex<BookOrder> {
    return this.#built.get(name) ?? this.#build(name);
  }

  has(name: Name): boolean {
    return this.#built.has(name);
  }

  /** Builds the index from its orders already sorted (its comparator's order, every order it must hold). */
  put(name: Name, index: OrderedIndex<BookOrder>): void {
    if (this.#built.has(name)) return;
    this.#built.set(name, index);
    if (this.#built.size === this.names.length) this.#unindexed = undefined;
  }

  /** Builds one index not built yet; false when all are. */
  buildNext(): boolean {
    if (!this.#unindexed) return false;
    for (const name of this.names) {
      if (!this.#built.has(name)) {
        this.#build(name);
        return true;
      }
    }
    return false;
  }

  add(order: BookOrder): void {
    for (const index of this.#built.values()) index.insert(order);
    this.#unindexed?.add(order);
  }

  remove(order: BookOrder): void {
    for (const index of this.#built.values()) index.delete(order);
    this.#unindexed?.remove(order);
  }

  #build(name: Name): OrderedIndex<BookOrder> {
    const index = this.make(name, this.#unindexed?.ordered() ?? []);
    this.#built.set(name, index);
    if (this.#built.size === this.names.length) this.#unindexed = undefined;
    return index;
  }

  /** An object with a property per name that reads (and so builds) that index. */
  view<View>(): View {
    const view = {};
    for (const name of this.names) {
      Object.defineProperty(view, name, { enumerable: true, get: () => this.get(name) });
    }
    return view as View;
  }
}

/** A sort field's index of `orders` (in hash order), or an empty one. */
function sortIndex(
  field: StoredSortField,
  hashOrdered: readonly BookOrder[] | undefined,
): OrderedIndex<BookOrder> {
  const index = new OrderedIndex(SORT_ORDERINGS[field].compare);
  if (hashOrdered && hashOrdered.length > 0) {
    const positions = sortByKey(hashOrdered, SORT_ORDERINGS[field].key);
    index.load(positions.map((position) => hashOrdered[position] as BookOrder));
  }
  return index;
}

type PairIndexName = StoredSortField | 'book' | 'byPrice';
const PAIR_INDEXES: readonly PairIndexName[] = ['book', 'byPrice', ...storedSortFields];

function pairIndex(
  name: PairIndexName,
  hashOrdered: readonly BookOrder[] | undefined,
): OrderedIndex<BookOrder> {
  if (name === 'book') {
    const index = new OrderedIndex(compareBookOrder);
    if (hashOrdered && hashOrdered.length > 0) index.load(sortForBook(hashOrdered));
    return index;
  }
  if (name === 'byPrice') {
    const index = new OrderedIndex(compareSraPrice);
    if (hashOrdered && hashOrdered.length > 0) index.load(sortForPrice(hashOrdered));
    return index;
  }
  return sortIndex(name, hashOrdered);
}

/**
 * The open orders of one (maker token, taker token) pair, in every order a route reads a pair in. A
 * pair filled by a rebuild (`NetworkBook.load`) builds each index when it is first read, or in the
 * background (`buildNext`); one made by `add` builds them as orders come.
 */
export class PairBook {
  readonly #indexes: LazyIndexes<PairIndexName>;
  /** Each sort field's order over the pair (read, and so built, per field). */
  readonly sorts: SortIndexes;
  #size = 0;

  constructor(
    readonly makerToken: string,
    readonly takerToken: string,
    /** The pair's orders in hash order, when they come from a bulk load (its indexes then wait to be read). */
    loaded?: BookOrder[],
  ) {
    this.#indexes = new LazyIndexes(
      PAIR_INDEXES,
      pairIndex,
      loaded ? new Unindexed(loaded, true) : undefined,
    );
    this.sorts = this.#indexes.view<SortIndexes>();
    this.#size = loaded?.length ?? 0;
  }

  /** `GET /v0/orderbook`'s order (asks of this pair, or bids of the reverse market). */
  get book(): OrderedIndex<BookOrder> {
    return this.#indexes.get('book');
  }

  /** `GET /v0/orders`' order when both tokens are given. */
  get byPrice(): OrderedIndex<BookOrder> {
    return this.#indexes.get('byPrice');
  }

  get size(): number {
    return this.#size;
  }

  /** Every index built. */
  get complete(): boolean {
    return this.#indexes.complete;
  }

  /** Builds one index not built yet; false when all are. */
  buildNext(): boolean {
    return this.#indexes.buildNext();
  }

  /** Whether the sort by `field` is built. */
  hasSort(field: StoredSortField): boolean {
    return this.#indexes.has(field);
  }

  /** Builds the sort by `field` from the pair's orders in that order (all of them; `NetworkBook.buildNext`). */
  loadSort(field: StoredSortField, sorted: BookOrder[]): void {
    if (this.#indexes.has(field)) return;
    const index = new OrderedIndex(SORT_ORDERINGS[field].compare);
    index.load(sorted);
    this.#indexes.put(field, index);
  }

  add(order: BookOrder): void {
    this.#indexes.add(order);
    this.#size++;
  }

  remove(order: BookOrder): void {
    this.#indexes.remove(order);
    this.#size--;
  }
}

interface CountedTerms extends BookTerms {
  uses: number;
}

const pairKey = (makerToken: string, takerToken: string) => makerToken + takerToken;

function increment(counts: Map<string, number>, key: string, by: number): void {
  const next = (counts.get(key) ?? 0) + by;
  if (next === 0) counts.delete(key);
  else counts.set(key, next);
}

/**
 * The open book of one network in memory: every open order by hash; each sort field's order over the
 * whole book and over each pair; each pair's price orders; and the orders of each maker and (other
 * than the null address) each taker. Counts of exchanges, fee recipients and takers let a filter that
 * every or no order matches cost nothing. One mutation updates 18 indexes, O(log n) each (after a
 * rebuild, those built so far, and the orders the others will be built from).
 */
export class NetworkBook {
  readonly orders = new Map<string, BookOrder>();
  #sortIndexes = new LazyIndexes(storedSortFields, sortIndex, undefined);
  /** Each sort field's order over the whole book (read, and so built, per field). */
  sorts: SortIndexes = this.#sortIndexes.view<SortIndexes>();
  /** Pairs with an index not built yet (after a bulk load). */
  readonly #incomplete = new Set<PairBook>();
  readonly pairs = new Map<string, PairBook>();
  readonly pairsByMakerToken = new Map<string, Set<PairBook>>();
  readonly pairsByTakerToken = new Map<string, Set<PairBook>>();
  readonly makers = new Map<string, Set<BookOrder>>();
  /** Orders that name a taker; the null taker (almost every order) is only counted. */
  readonly takers = new Map<string, Set<BookOrder>>();
  readonly exchangeCounts = new Map<string, number>();
  readonly feeRecipientCounts = new Map<string, number>();
  readonly takerCounts = new Map<string, number>();
  readonly #texts = new Map<string, string>();
  /**
   * The shared terms objects by exchange (one object, or several with other takers or fee recipients):
   * no key is made per order, so an order whose terms are its own costs its object and one entry.
   */
  readonly #terms = new Map<string, CountedTerms | CountedTerms[]>();

  get size(): number {
    return this.orders.size;
  }

  get(hash: string): BookOrder | undefined {
    return this.orders.get(hash);
  }

  pair(makerToken: string, takerToken: string): PairBook | undefined {
    return this.pairs.get(pairKey(makerToken, takerToken));
  }

  /** One shared copy of a token address or symbol. */
  text(value: string): string {
    const known = this.#texts.get(value);
    if (known !== undefined) return known;
    this.#texts.set(value, value);
    return value;
  }

  /** The shared terms object (its use is counted by `add`/`remove`). */
  terms(exchange: string, taker: string, feeRecipient: string): BookTerms {
    const known = this.#terms.get(exchange);
    const same = (terms: CountedTerms) => terms.taker === taker && terms.feeRecipient === feeRecipient;
    if (known !== undefined && !Array.isArray(known) && same(known)) return known;
    const found = Array.isArray(known) ? known.find(same) : undefined;
    if (found) return found;
    const terms = { exchange, taker, feeRecipient, uses: 0 };
    if (known === undefined) this.#terms.set(exchange, terms);
    else if (Array.isArray(known)) known.push(terms);
    else this.#terms.set(exchange, [known, terms]);
    return terms;
  }

  /** Forgets terms no order uses any more. */
  #dropTerms(terms: CountedTerms): void {
    const known = this.#terms.get(terms.exchange);
    if (known === terms) {
      this.#terms.delete(terms.exchange);
    } else if (Array.isArray(known)) {
      const rest = known.filter((other) => other !== terms);
      this.#terms.set(terms.exchange, rest.length === 1 ? (rest[0] as CountedTerms) : rest);
    }
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

  /** Every index built (a book filled by `load` builds them when read, or by `buildNext`). */
  get complete(): boolean {
    if (!this.#sortIndexes.complete) return false;
    // Pairs whose every index was built by being read.
    for (const pair of this.#incomplete) {
      if (!pair.complete) return false;
      this.#incomplete.delete(pair);
    }
    return true;
  }

  /**
   * Builds one index not built yet (one sort of the whole book, one field's sort of every pair, or one
   * pair's price order: the background after a rebuild calls it once per turn of the event loop); false
   * when every index is built. The book's sorts come first, then the pairs' (largest pairs first).
   */
  buildNext(): boolean {
    if (this.#sortIndexes.buildNext()) return true;
    // A field's sort of every pair that lacks it at once: the book's sort by that field, walked and split
    // by pair (the book's order restricted to a pair is the pair's order: same comparator), no sorting.
    for (const field of storedSortFields) {
      // By maker token, then taker token: the book's own (interned) strings, whose hashes V8 keeps.
      const lacking = new Map<string, Map<string, BookOrder[]>>();
      const pairs: [PairBook, BookOrder[]][] = [];
      for (const pair of this.#incomplete) {
        if (pair.hasSort(field)) continue;
        const sorted: BookOrder[] = [];
        pairs.push([pair, sorted]);
        let byTaker = lacking.get(pair.makerToken);
        if (!byTaker) {
          byTaker = new Map();
          lacking.set(pair.makerToken, byTaker);
        }
        byTaker.set(pair.takerToken, sorted);
      }
      if (pairs.length === 0) continue;
      this.sorts[field].walk(0, 1, (order) => {
        lacking.get(order.makerToken)?.get(order.takerToken)?.push(order);
        return true;
      });
      for (const [pair, sorted] of pairs) pair.loadSort(field, sorted);
      return true;
    }
    for (const pair of this.#incomplete) {
      const built = pair.buildNext();
      if (pair.complete) this.#incomplete.delete(pair);
      if (built) return true;
    }
    return false;
  }

  /**
   * Fills an empty book at once (a rebuild), far cheaper than inserting one by one: the orders by hash,
   * their pairs, makers and counts now; no index is sorted here. Each sort of the book or of a pair is
   * built when first read, or by `buildNext` (the read model builds them all in the background, a slice
   * per turn of the event loop, once the book serves), by bulkSort from the orders in hash order: each
   * is what inserting the orders one by one gives, ties in hash order.
   */
  load(orders: readonly BookOrder[]): void {
    if (this.orders.size > 0) throw new Error('load() fills an empty book only');
    // A rebuild reads in the table's order.
    const byHash = inHashOrder(orders) ? [...orders] : sortByHash(orders);
    // Each order's pair found through two maps of interned strings (no key to concatenate).
    const members = new Map<string, Map<string, BookOrder[]>>();
    for (const order of byHash) {
      if (this.orders.has(order.hash)) throw new Error(`load(): order ${order.hash} given twice`);
      this.orders.set(order.hash, order);
      let byTaker = members.get(order.makerToken);
      if (!byTaker) {
        byTaker = new Map();
        members.set(order.makerToken, byTaker);
      }
      let pair = byTaker.get(order.takerToken);
      if (!pair) {
        pair = [];
        byTaker.set(order.takerToken, pair);
      }
      pair.push(order);
      this.#group(order, 1);
    }
    this.#sortIndexes = new LazyIndexes(storedSortFields, sortIndex, new Unindexed(byHash, true));
    this.sorts = this.#sortIndexes.view<SortIndexes>();
    const loaded: PairBook[] = [];
    for (const [makerToken, byTaker] of members) {
      for (const [takerToken, pairOrders] of byTaker) {
        loaded.push(this.#addPair(new PairBook(makerToken, takerToken, pairOrders)));
      }
    }
    // The background builds the largest pairs first: the likeliest to be read, the dearest to build then.
    for (const pair of loaded.sort((a, b) => b.size - a.size)) this.#incomplete.add(pair);
  }

  #pairOf(order: BookOrder): PairBook {
    return (
      this.pairs.get(pairKey(order.makerToken, order.takerToken)) ??
      this.#addPair(new PairBook(order.makerToken, order.takerToken))
    );
  }

  #addPair(pair: PairBook): PairBook {
    this.pairs.set(pairKey(pair.makerToken, pair.takerToken), pair);
    addTo(this.pairsByMakerToken, pair.makerToken, pair);
    addTo(this.pairsByTakerToken, pair.takerToken, pair);
    return pair;
  }

  #dropPair(pair: PairBook): void {
    this.#incomplete.delete(pair);
    this.pairs.delete(pairKey(pair.makerToken, pair.takerToken));
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
    if (counted.uses === 0) this.#dropTerms(counted);
  }
}

function addTo<K, V>(groups: Map<K, Set<V>>, key: K, value: V): void {
  let group = groups.get(key);
  if (!group) {
    group = new Set();
    groups.set(key, group);
  }
  group.add(value);
}

function deleteFrom<K, V>(groups: Map<K, Set<V>>, key: K, value: V): void {
  const group = groups.get(key);
  if (!group) return;
  group.delete(value);
  if (group.size === 0) groups.delete(key);
}
