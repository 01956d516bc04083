import { SortScratch } from '../index/SortScratch.js';
import { type StoredSortField, storedSortFields } from '../sort/bookOrderings.js';
import { bulkOrderingOf, type IndexName } from '../sort/indexOrderings.js';
import { sliceOrders } from '../sort/sortOrders.js';
import type { BookOrder } from './BookOrder.js';
import type { LazyIndexes } from './LazyIndexes.js';
import type { PairBook } from './PairBook.js';

/** The background's order: each sort field of the book, then the pairs' price orders. */
const BUILD_ORDER: readonly IndexName[] = [...storedSortFields, 'book', 'byPrice'];

/** What the background build of a loaded book reads and fills. */
export interface BackgroundBuild {
  /** Every order the book was loaded with. */
  readonly base: readonly BookOrder[];
  /** Orders per unit of work. */
  readonly chunk: number;
  /** The pairs with an index not built yet, largest first. */
  readonly incomplete: ReadonlySet<PairBook>;
  /** Orderings read before they were built: built next. */
  readonly wanted: Set<IndexName>;
  /** The book's indexes of its sort fields. */
  readonly sortIndexes: () => LazyIndexes<StoredSortField>;
  /** The book's pair of these tokens now (a pair emptied meanwhile is another object, or none). */
  readonly pair: (makerToken: string, takerToken: string) => PairBook | undefined;
}

/**
 * Builds the indexes a bulk load left unbuilt, one unit of work per step of the generator. Each sort
 * ordering (the 8 fields, then the pairs' two price orders) is one sort of the whole book, in slices
 * (SlicedSort), which gives the book's index of that field and, split by pair, every pair's (the
 * book's order restricted to a pair is the pair's: same comparator); each index is then loaded and the
 * changes since the load replayed, in slices too, and put in use in the step that reaches the end of
 * the changes.
 */
export function* buildIndexesInBackground(build: BackgroundBuild): Generator<void, void, void> {
  const { chunk, wanted, incomplete } = build;
  let base = build.base;
  // A leaf holds ~56 orders; an insert of a change costs about as much as sorting ~16 orders.
  const nodes = Math.max(1, Math.ceil(chunk / 56));
  const changes = Math.max(1, Math.ceil(chunk / 16));
  // First the loaded orders in hash order (a rebuild reads them in the table's order): every later
  // sort then breaks ties by position, without reading hashes.
  const scratch = new SortScratch();
  const byHash = sliceOrders(base, { ordering: { kind: 'hash' }, chunk, scratch });
  while (byHash.step()) yield;
  base = byHash.result;
  // Each order's pair as a number (its place in `loaded`), found once for every sort's split.
  const loaded = [...incomplete];
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
      [...wanted].find((wanted) => !done.has(wanted)) ?? BUILD_ORDER.find((next) => !done.has(next));
    if (name === undefined) break;
    done.add(name);
    wanted.delete(name);
    const field = name === 'book' || name === 'byPrice' ? undefined : name;
    // The pairs that lack this index, each with the list its orders go to in the sort's order.
    const lists: (BookOrder[] | undefined)[] = loaded.map((pair, slot) =>
      incomplete.has(pair) && !pair.has(name) ? new Array<BookOrder>(counts[slot] as number) : undefined,
    );
    const filled = new Uint32Array(loaded.length);
    const anyPair = lists.some((list) => list !== undefined);
    if ((field === undefined || build.sortIndexes().has(field)) && !anyPair) continue;
    const sort = sliceOrders(base, { ordering: bulkOrderingOf(name), chunk, inHashOrder: true, scratch });
    while (sort.step()) yield;
    const sorted = sort.result;
    if (field !== undefined) {
      const install = build.sortIndexes().install(field, sorted, nodes, changes);
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
      if (!list || build.pair(pair.makerToken, pair.takerToken) !== pair) continue;
      const install = pair.install(name, list, nodes, changes);
      while (install()) yield;
    }
  }
}
