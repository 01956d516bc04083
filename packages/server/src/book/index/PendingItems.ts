import type { OrderedIndex } from './OrderedIndex.js';

/**
 * The items unbuilt indexes are to hold: the items they were loaded with (`base`, in any order, never
 * changed) and every change since, in order (`log`), with each item's net change (`net`: -1 for a
 * loaded item removed, +1 for one added since; nothing when they cancel out). An index is built by
 * sorting the base and replaying the log onto it.
 */
export class PendingItems<T> {
  readonly log: T[] = [];
  /** Per log entry: an addition (true) or a removal. */
  readonly added: boolean[] = [];
  readonly net = new Map<T, number>();
  size: number;

  constructor(readonly base: readonly T[]) {
    this.size = base.length;
  }

  change(item: T, add: boolean): void {
    this.log.push(item);
    this.added.push(add);
    const net = (this.net.get(item) ?? 0) + (add ? 1 : -1);
    if (net === 0) this.net.delete(item);
    else this.net.set(item, net);
    this.size += add ? 1 : -1;
  }

  /** Every item held now, in no particular order. */
  forEach(visit: (item: T) => void): void {
    const { base, net } = this;
    if (net.size === 0) {
      for (const item of base) visit(item);
      return;
    }
    for (const item of base) if (net.get(item) !== -1) visit(item);
    for (const [item, change] of net) if (change === 1) visit(item);
  }

  /** Applies log entries [from, to) to `index` (built from the base); returns `to`. */
  replay(index: OrderedIndex<T>, from: number, to: number): number {
    for (let k = from; k < to; k++) {
      const item = this.log[k] as T;
      if (this.added[k]) index.insert(item);
      else index.delete(item);
    }
    return to;
  }
}
