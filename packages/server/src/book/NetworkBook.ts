import { NULL_ADDRESS } from '@relayer/protocol';
import type { BookOrder, BookTerms } from './BookOrder.js';
import { BookTexts } from './BookTexts.js';
import {
  compareBookOrder,
  compareSraPrice,
  SORT_ORDERINGS,
  type StoredSortField,
  storedSortFields,
} from './bookOrderings.js';
import { type BulkOrdering, SlicedSort, SORT_CHUNK, SortScratch, sortOrders } from './bulkSort.js';
import { OrderedIndex, type Probe } from './OrderedIndex.js';

type SortIndexes = Record<StoredSortField, OrderedIndex<BookOrder>>;
type Compare = (a: BookOrder, b: BookOrder) => number;
type IndexName = StoredSortField | 'book' | 'byPrice';

const compareOf = (name: IndexName): Compare =>
  name === 'book' ? compareBookOrder : name === 'byPrice' ? compareSraPrice : SORT_ORDERINGS[name].compare;

const bulkOrderingOf = (name: IndexName): BulkOrdering =>
  name === 'book'
    ? { kind: 'book' }
    : name === 'byPrice'
      ? { kind: 'price' }
      : { kind: 'key', key: SORT_ORDERINGS[name].key };

/**
 * The orders an owner's unbuilt indexes are to hold: the orders it was loaded with (`base`, in any order,
 * never changed) and every change since, in order (`log`), with each order's net change (`net`: -1 for a
 * loaded order removed, +1 for one added since; nothing when they cancel out). An index is built by
 * sorting the base (in the background, in slices) and replaying the log onto it. Kept only while some
 * index of its owner is unbuilt.
 */
class Pending {
  readonly log: BookOrder[] = [];
  /** Per log entry: an addition (true) or a removal. */
  readonly added: boolean[] = [];
  readonly net = new Map<BookOrder, number>();
  size: number;

  constructor(readonly base: readonly BookOrder[]) {
    this.size = base.length;
  }

  change(order: BookOrder, add: boolean): void {
    this.log.push(order);
    this.added.push(add);
    const net = (this.net.get(order) ?? 0) + (add ? 1 : -1);
    if (net === 0) this.net.delete(order);
    else this.net.set(order, net);
    this.size += add ? 1 : -1;
  }

  /** Every order the owner holds now, in no particular order. */
  forEach(visit: (order: BookOrder) => void): void {
    const { base, net } = this;
    if (net.size === 0) {
      for (const order of base) visit(order);
      return;
    }
    for (const order of base) if (net.get(order) !== -1) visit(order);
    for (const [order, change] of net) if (change === 1) visit(order);
  }

  /** Applies log entries [from, to) to `index` (built from the base); returns `to`. */
  replay(index: OrderedIndex<BookOrder>, from: number, to: number): number {
    for (let k = from; k < to; k++) {
      const order = this.log[k] as BookOrder;
      if (this.added[k]) index.insert(order);
      else index.delete(order);
    }
    return to;
  }
}

/** Whether the first `k` of `n` orders are cheaper to select than to sort (the index is then left to the background). */
const selectable = (k: number, n: number) => k * 4 <= n;

/** Max-heap helpers under `compare` (the root is the greatest). */
function siftUp(heap: BookOrder[], compare: Compare): void {
  let child = heap.length - 1;
  const item = heap[child] as BookOrder;
  while (child > 0) {
    const parent = (child - 1) >>> 1;
    if (compare(heap[parent] as BookOrder, item) >= 0) break;
    heap[child] = heap[parent] as BookOrder;
    child = parent;
  }
  heap[child] = item;
}

function siftDown(heap: BookOrder[], compare: Compare): void {
  const n = heap.length;
  const item = heap[0] as BookOrder;
  let parent = 0;
  for (;;) {
    let child = 2 * parent + 1;
    if (child >= n) break;
    if (child + 1 < n && compare(heap[child + 1] as BookOrder, heap[child] as BookOrder) > 0) child++;
    if (compare(heap[child] as BookOrder, item) <= 0) break;
    heap[parent] = heap[child] as BookOrder;
    parent = child;
  }
  heap[parent] = item;
}

/**
 * What a read of an index not built yet gets: an OrderedIndex (the views take one) that answers from
 * the owner's orders without sorting them all. A page (the first or last `k` in order, small against
 * the size) is one pass over the orders with a heap of `k` (O(n log k)); a keyset page (`countBefore`
 * then `slice` from that count, as the views call them) counts in one pass and selects the next orders
 * after the cursor in another. Anything else (a walk, a position deep in the middle) builds the index
 * there and then, as every read did before. Once the index is built, every call goes to it.
 */
class PendingIndex extends OrderedIndex<BookOrder> {
  readonly #owner: LazyIndexes<IndexName>;
  readonly #name: IndexName;
  readonly #order: Compare;
  /** The last `countBefore`: a `slice` from its count reads the orders after its probe. */
  #memo: { probe: Probe<BookOrder>; inclusive: boolean; count: number; version: number } | undefined;

  constructor(owner: LazyIndexes<IndexName>, name: IndexName) {
    const compare = compareOf(name);
    super(compare);
    this.#owner = owner;
    this.#name = name;
    this.#order = compare;
  }

  #live(): OrderedIndex<BookOrder> | undefined {
    return this.#owner.built(this.#name);
  }

  #whole(): OrderedIndex<BookOrder> {
    return this.#owner.materialize(this.#name);
  }

  override get size(): number {
    return this.#live()?.size ?? (this.#owner.pending as Pending).size;
  }

  override at(index: number): BookOrder | undefined {
    const live = this.#live();
    if (live) return live.at(index);
    const n = this.size;
    if (index < 0 || index >= n) return undefined;
    if (selectable(index + 1, n)) return this.#select(index + 1, 1)[index];
    if (selectable(n - index, n)) return this.#select(n - index, -1)[n - 1 - index];
    return this.#whole().at(index);
  }

  override countBefore(probe: Probe<BookOrder>, inclusive = false): number {
    const live = this.#live();
    if (live) return live.countBefore(probe, inclusive);
    const pending = this.#owner.pending as Pending;
    let count = 0;
    pending.forEach((order) => {
      const side = probe(order);
      if (side < 0 || (inclusive && side === 0)) count++;
    });
    this.#memo = { probe, inclusive, count, version: pending.log.length };
    return count;
  }

  override walk(index: number, step: 1 | -1, visit: (item: BookOrder) => boolean | undefined): void {
    (this.#live() ?? this.#whole()).walk(index, step, visit);
  }

  override slice(index: number, step: 1 | -1, limit: number): BookOrder[] {
    const memo = this.#memo;
    this.#memo = undefined;
    const live = this.#live();
    if (live) return live.slice(index, step, limit);
    const pending = this.#owner.pending as Pending;
    if (limit <= 0) return [];
    // The orders at positions count.. are those after the probe (before-or-at it, inclusive), in order.
    if (memo && memo.version === pending.log.length) {
      const { probe, inclusive } = memo;
      if (step === 1 && index === memo.count) {
        return this.#select(limit, 1, inclusive ? (o) => probe(o) > 0 : (o) => probe(o) >= 0);
      }
      if (step === -1 && index === memo.count - 1) {
        return this.#select(limit, -1, inclusive ? (o) => probe(o) <= 0 : (o) => probe(o) < 0);
      }
    }
    const n = pending.size;
    if (index < 0 || index >= n) return [];
    if (step === 1) {
      const k = Math.min(n, index + limit);
      if (selectable(k, n)) return this.#select(k, 1).slice(index);
    } else {
      const k = n - Math.max(0, index - limit + 1);
      if (selectable(k, n)) return this.#select(k, -1).slice(n - 1 - index);
    }
    return this.#whole().slice(index, step, limit);
  }

  override insert(): void {
    throw new Error('an index not built yet is changed through its owner');
  }

  override delete(): boolean {
    throw new Error('an index not built yet is changed through its owner');
  }

  /** The first `k` orders (of those `keep` accepts) ascending (`direction` 1) or the last `k` descending. */
  #select(k: number, direction: 1 | -1, keep?: (order: BookOrder) => boolean): BookOrder[] {
    const order = this.#order;
    const compare: Compare = direction === 1 ? order : (a, b) => order(b, a);
    // The `k` best so far, the worst of them at the root.
    const heap: BookOrder[] = [];
    if (k <= 0) return heap;
    (this.#owner.pending as Pending).forEach((item) => {
      if (keep && !keep(item)) return;
      if (heap.length < k) {
        heap.push(item);
        siftUp(heap, compare);
      } else if (compare(item, heap[0] as BookOrder) < 0) {
        heap[0] = item;
        siftDown(heap, compare);
      }
    });
    return heap.sort(compare);
  }
}

/**
 * Indexes that a rebuild leaves unbuilt: read before they are built, they answer through a PendingIndex
 * (bounded work for a page), or are built there and then (`materialize`); the background builds them in
 * slices (`install`, from the base sorted by SlicedSort). Built, they are kept current by `add`/`remove`.
 * An index built after changes holds exactly what inserting and deleting one by one would have left:
 * the base in the comparator's exact order (SlicedSort), then the changes since, in order.
 */
class LazyIndexes<Name extends IndexName> {
  readonly #built = new Map<Name, OrderedIndex<BookOrder>>();
  readonly #views = new Map<Name, PendingIndex>();
  #pending: Pending | undefined;
  /** The indexes read before they were built (the background builds those next). */
  readonly #wanted: Set<IndexName> | undefined;

  constructor(
    readonly names: readonly Name[],
    base?: readonly BookOrder[],
    wanted?: Set<IndexName>,
  ) {
    this.#wanted = wanted;
    if (base) this.#pending = new Pending(base);
    else for (const name of names) this.#built.set(name, new OrderedIndex(compareOf(name)));
  }

  get complete(): boolean {
    return this.#pending === undefined;
  }

  get pending(): Pending | undefined {
    return this.#pending;
  }

  has(name: Name): boolean {
    return this.#built.has(name);
  }

  built(name: Name): OrderedIndex<BookOrder> | undefined {
    return this.#built.get(name);
  }

  /** The index, or what answers for it until it is built. */
  get(name: Name): OrderedIndex<BookOrder> {
    const built = this.#built.get(name);
    if (built) return built;
    this.#wanted?.add(name);
    let view = this.#views.get(name);
    if (!view) {
      view = new PendingIndex(this as unknown as LazyIndexes<IndexName>, name);
      this.#views.set(name, view);
    }
    return view;
  }

  /** Builds the index now (a read that needs all of it). */
  materialize(name: Name): OrderedIndex<BookOrder> {
    const built = this.#built.get(name);
    if (built) return built;
    const pending = this.#pending as Pending;
    const index = new OrderedIndex(compareOf(name));
    index.load(sortOrders(pending.base, bulkOrderingOf(name)));
    pending.replay(index, 0, pending.log.length);
    this.#put(name, index);
    return index;
  }

  /**
   * Builds the index from the base in its order (`sorted`, every loaded order) a slice per call of the
   * returned function (up to `nodes` tree nodes, then up to `changes` of the log), which returns true
   * while there is more. The call that reaches the end of the log puts the index in use, so no change
   * falls between the log and the index. Stops at once if a read built the index meanwhile.
   */
  install(name: Name, sorted: readonly BookOrder[], nodes: number, changes: number): () => boolean {
    const index = new OrderedIndex(compareOf(name));
    const load = index.loadInSteps(sorted, nodes);
    let loaded = false;
    let replayed = 0;
    return () => {
      const pending = this.#pending;
      if (!pending || this.#built.has(name)) return false;
      if (!loaded) {
        loaded = !load();
        return true;
      }
      replayed = pending.replay(index, replayed, Math.min(pending.log.length, replayed + changes));
      if (replayed < pending.log.length) return true;
      this.#put(name, index);
      return false;
    };
  }

  #put(name: Name, index: OrderedIndex<BookOrder>): void {
    this.#built.set(name, index);
    this.#views.delete(name);
    if (this.#built.size === this.names.length) {
      this.#pending = undefined;
      this.#views.clear();
    }
  }

  /** Every order held, in no particular order. */
  forEach(visit: (order: BookOrder) => void): void {
    if (this.#pending) {
      this.#pending.forEach(visit);
      return;
    }
    const [index] = this.#built.values();
    index?.walk(0, 1, (order) => void visit(order));
  }

  add(order: BookOrder): void {
    for (const index of this.#built.values()) index.insert(order);
    this.#pending?.change(order, true);
  }

  remove(order: BookOrder): void {
    for (const index of this.#built.values()) index.delete(order);
    this.#pending?.change(order, false);
  }

  /** An object with a property per name that reads that index. */
  view<View>(): View {
    const view = {};
    for (const name of this.names) {
      Object.defineProperty(view, name, { enumerable: true, get: () => this.get(name) });
    }
    return view as View;
  }
}

/** The indexes a pair keeps from its first order on: `GET /v0/orderbook`'s and `GET /v0/orders`' price orders. */
type PairIndexName = 'book' | 'byPrice';
const PAIR_INDEXES: readonly PairIndexName[] = ['book', 'byPrice'];
/** Up to this many orders, a pair's sort-field order is built by a comparison sort (see `PairBook.#sort`). */
const PAIR_COMPARE_SORT = 16_384;
/** The background's order: each sort field of the book, then the pairs' price orders. */
const BUILD_ORDER: readonly IndexName[] = [...storedSortFields, 'book', 'byPrice'];

/**
 * The open orders of one (maker token, taker token) pair, in every order a route reads a pair in. Its
 * price orders (`book`, `byPrice`) are kept from the start: a pair filled by a rebuild
 * (`NetworkBook.load`) has them built in the background (or when a read needs one whole); one made by
 * `add` builds them as orders come. Its sort-field orders (`sorts`: `GET /order` with a token filter,
 * `GET /v0/orders` with one token) are built when first read, by sorting the pair's orders, and kept
 * from then on: an order enters only the ones read so far (2 to 10 indexes of a pair instead of 10).
 */
export class PairBook {
  readonly #indexes: LazyIndexes<PairIndexName>;
  /** The sort-field orders read so far (built on first read, then kept current). */
  readonly #sorts = new Map<StoredSortField, OrderedIndex<BookOrder>>();
  /** Each sort field's order over the pair. */
  readonly sorts: SortIndexes;
  #size = 0;

  constructor(
    readonly makerToken: string,
    readonly takerToken: string,
    /** The pair's orders, when they come from a bulk load (its indexes then wait for the background). */
    loaded?: readonly BookOrder[],
    /** Where reads of its unbuilt indexes are noted (NetworkBook's background builds those first). */
    wanted?: Set<IndexName>,
  ) {
    this.#indexes = new LazyIndexes(PAIR_INDEXES, loaded, wanted);
    const sorts = {};
    for (const field of storedSortFields) {
      Object.defineProperty(sorts, field, { enumerable: true, get: () => this.#sort(field) });
    }
    this.sorts = sorts as SortIndexes;
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

  /** Every index the background builds is built. */
  get complete(): boolean {
    return this.#indexes.complete;
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
  #sort(field: StoredSortField): OrderedIndex<BookOrder> {
    const known = this.#sorts.get(field);
    if (known) return known;
    const orders: BookOrder[] = [];
    this.#indexes.forEach((order) => void orders.push(order));
    const compare = compareOf(field);
    const index = new OrderedIndex(compare);
    // A pair of a few thousand orders sorts fastest with the index's own comparator (0.1-0.3 ms for
    // 1,800); a large one by the rebuild's bulk sort. Both give the comparator's order exactly.
    index.load(
      orders.length <= PAIR_COMPARE_SORT ? orders.sort(compare) : sortOrders(orders, bulkOrderingOf(field)),
    );
    this.#sorts.set(field, index);
    return index;
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
  /** Each sort field's order over the whole book (read, and so built, per field). */
  sorts: SortIndexes = this.#sortIndexes.view<SortIndexes>();
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
    return this.#pairsByTokens.get(makerToken)?.get(takerToken);
  }

  /** One shared copy of a token address or symbol. */
  text(value: string): string {
    return this.texts.text(value);
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

  /** Every index built (a book filled by `load` has them built by `buildNext`, or by reads that need one whole). */
  get complete(): boolean {
    if (!this.#sortIndexes.complete) return false;
    for (const pair of this.#incomplete) {
      if (!pair.complete) return false;
      this.#incomplete.delete(pair);
    }
    this.#base = undefined;
    this.#job = undefined;
    return true;
  }

  /**
   * Builds indexes a rebuild left unbuilt for about `budgetMs` (at least one unit of work: a chunk of a
   * sort, of a tree, or of the changes since the load); false once every index is built. The read model
   * calls it once per turn of the event loop after a rebuild. Each sort ordering (the 8 fields, then the
   * pairs' two price orders) is one sort of the whole book, in slices (SlicedSort), which gives the
   * book's index of that field and, split by pair, every pair's (the book's order restricted to a pair
   * is the pair's: same comparator); each index is then loaded and the changes since the load replayed,
   * in slices too, and put in use in the step that reaches the end of the changes.
   */
  buildNext(budgetMs = 0): boolean {
    if (this.complete) return false;
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
    let base = this.#base;
    if (!base) return;
    const chunk = this.#chunk;
    // A leaf holds ~56 orders; an insert of a change costs about as much as sorting ~16 orders.
    const nodes = Math.max(1, Math.ceil(chunk / 56));
    const changes = Math.max(1, Math.ceil(chunk / 16));
    // First the loaded orders in hash order (a rebuild reads them in the table's order): every later
    // sort then breaks ties by position, without reading hashes.
    const scratch = new SortScratch();
    const byHash = new SlicedSort(base, { kind: 'hash' }, chunk, false, scratch);
    while (byHash.step()) yield;
    base = byHash.result;
    this.#base = base;
    // Each order's pair as a number (its place in `loaded`), found once for every sort's split.
    const loaded = [...this.#incomplete];
    const slots = new Map<string, Map<string, number>>();
    for (const [slot, pair] of loaded.entries()) {
      let byTaker = slots.get(pair.makerToken);
      if (!byTaker) {
        byTaker = new Map();
        slots.set(pair.makerToken, byTaker);
      }
      byTaker.set(pair.takerToken, slot);
    }
    const NONE = 0xffffffff;
    const slotOf = new Uint32Array(base.length);
    // Each pair's share of the base: its lists are made at their size (no regrowth: less garbage).
    const counts = new Uint32Array(loaded.length);
    for (let start = 0; start < base.length; start += chunk) {
      const end = Math.min(base.length, start + chunk);
      for (let i = start; i < end; i++) {
        const order = base[i] as BookOrder;
        const slot = slots.get(order.makerToken)?.get(order.takerToken) ?? NONE;
        slotOf[i] = slot;
        if (slot !== NONE) counts[slot] = (counts[slot] as number) + 1;
      }
      yield;
    }
    // In BUILD_ORDER, except that an ordering a request read before it was built comes next.
    const done = new Set<IndexName>();
    for (;;) {
      const name =
        [...this.#wanted].find((wanted) => !done.has(wanted)) ?? BUILD_ORDER.find((next) => !done.has(next));
      if (name === undefined) break;
      done.add(name);
      this.#wanted.delete(name);
      const field = name === 'book' || name === 'byPrice' ? undefined : name;
      // The pairs that lack this index, each with the list its orders go to in the sort's order.
      const lists: (BookOrder[] | undefined)[] = loaded.map((pair, slot) =>
        this.#incomplete.has(pair) && !pair.has(name)
          ? new Array<BookOrder>(counts[slot] as number)
          : undefined,
      );
      const filled = new Uint32Array(loaded.length);
      const anyPair = lists.some((list) => list !== undefined);
      if ((field === undefined || this.#sortIndexes.has(field)) && !anyPair) continue;
      const sort = new SlicedSort(base, bulkOrderingOf(name), chunk, true, scratch);
      while (sort.step()) yield;
      const sorted = sort.result;
      if (field !== undefined) {
        const install = this.#sortIndexes.install(field, sorted, nodes, changes);
        while (install()) yield;
      }
      if (!anyPair) continue;
      const positions = sort.positions;
      for (let start = 0; start < sorted.length; start += chunk) {
        const end = Math.min(sorted.length, start + chunk);
        for (let k = start; k < end; k++) {
          const slot = slotOf[positions[k] as number] as number;
          const list = slot === NONE ? undefined : lists[slot];
          if (list) {
            list[filled[slot] as number] = sorted[k] as BookOrder;
            filled[slot] = (filled[slot] as number) + 1;
          }
        }
        yield;
      }
      for (const [slot, pair] of loaded.entries()) {
        const list = lists[slot];
        // Emptied (and so dropped) meanwhile: a pair of these tokens now is another object.
        if (!list || this.pair(pair.makerToken, pair.takerToken) !== pair) continue;
        const install = pair.install(name, list, nodes, changes);
        while (install()) yield;
      }
    }
  }

  /** Builds every index still missing, at once. */
  #finish(): void {
    for (const field of storedSortFields) this.sorts[field].walk(0, 1, () => false);
    for (const pair of this.#incomplete) {
      void pair.book.walk(0, 1, () => false);
      void pair.byPrice.walk(0, 1, () => false);
    }
    void this.complete;
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
    this.sorts = this.#sortIndexes.view<SortIndexes>();
    const loaded: PairBook[] = [];
    for (const [makerToken, byTaker] of members) {
      for (const [takerToken, pairOrders] of byTaker) {
        loaded.push(this.#addPair(new PairBook(makerToken, takerToken, pairOrders, this.#wanted)));
      }
    }
    // The background builds the largest pairs first: the likeliest to be read, the dearest to build then.
    for (const pair of loaded.sort((a, b) => b.size - a.size)) this.#incomplete.add(pair);
  }

  #pairOf(order: BookOrder): PairBook {
    return (
      this.pair(order.makerToken, order.takerToken) ??
      this.#addPair(new PairBook(order.makerToken, order.takerToken))
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
