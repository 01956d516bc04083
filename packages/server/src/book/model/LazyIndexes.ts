import { LazyIndex } from '../index/LazyIndex.js';
import { OrderedIndex } from '../index/OrderedIndex.js';
import { PendingItems } from '../index/PendingItems.js';
import type { SortedView } from '../index/SortedView.js';
import { bulkOrderingOf, compareOf, type IndexName } from '../sort/indexOrderings.js';
import { sortOrders } from '../sort/sortOrders.js';
import type { BookOrder } from './BookOrder.js';

/**
 * Indexes that a rebuild leaves unbuilt: read before they are built, they answer through a LazyIndex
 * (bounded work for a page), or are built there and then (`build`); the background builds them in
 * slices (`install`, from the base sorted by SlicedSort). Built, they are kept current by `add`/`remove`.
 * An index built after changes holds exactly what inserting and deleting one by one would have left:
 * the base in the comparator's exact order, then the changes since, in order. Either every index is
 * built or the pending items are kept for the unbuilt ones: never an index half-built in use.
 */
export class LazyIndexes<Name extends IndexName> {
  readonly #built = new Map<Name, OrderedIndex<BookOrder>>();
  readonly #views = new Map<Name, LazyIndex<BookOrder>>();
  #pending: PendingItems<BookOrder> | undefined;
  /** The indexes read before they were built (the background builds those next). */
  readonly #wanted: Set<IndexName> | undefined;

  constructor(
    readonly names: readonly Name[],
    base?: readonly BookOrder[],
    wanted?: Set<IndexName>,
  ) {
    this.#wanted = wanted;
    if (base) this.#pending = new PendingItems(base);
    else for (const name of names) this.#built.set(name, new OrderedIndex(compareOf(name)));
  }

  /** Every index built. */
  isComplete(): boolean {
    return this.#pending === undefined;
  }

  /** The orders of the unbuilt indexes (and the changes since the load), while any is unbuilt. */
  pending(): PendingItems<BookOrder> | undefined {
    return this.#pending;
  }

  has(name: Name): boolean {
    return this.#built.has(name);
  }

  built(name: Name): OrderedIndex<BookOrder> | undefined {
    return this.#built.get(name);
  }

  /** The index, or what answers for it until it is built (noting that it was wanted). */
  index(name: Name): SortedView<BookOrder> {
    const built = this.#built.get(name);
    if (built) return built;
    this.#wanted?.add(name);
    let view = this.#views.get(name);
    if (!view) {
      view = new LazyIndex({
        compare: compareOf(name),
        source: {
          built: () => this.#built.get(name),
          build: () => this.build(name),
          pending: () => this.#pending as PendingItems<BookOrder>,
        },
      });
      this.#views.set(name, view);
    }
    return view;
  }

  /** Builds the index now (a read that needs all of it). */
  build(name: Name): OrderedIndex<BookOrder> {
    const built = this.#built.get(name);
    if (built) return built;
    const pending = this.#pending as PendingItems<BookOrder>;
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
}
