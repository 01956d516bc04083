/** Negative when `item` sorts before the target, 0 at it, positive after it. */
export type Probe<T> = (item: T) => number;

/**
 * Items in one order, read by position: what the query views read a page from. An OrderedIndex is
 * one; a LazyIndex answers as one before its index is built.
 */
export interface SortedView<T> {
  readonly size: number;
  /** The item at `index` in order (0-based), or undefined past the end. */
  at(index: number): T | undefined;
  /** How many items sort before the target (`probe(item) < 0`), or with `inclusive` at or before it. */
  countBefore(probe: Probe<T>, inclusive?: boolean): number;
  /** Visits items in order from `index` on (`step` 1) or backwards until `visit` returns false. */
  walk(index: number, step: 1 | -1, visit: (item: T) => boolean | undefined): void;
  /** Up to `limit` items from `index` on in the direction of `step`. */
  slice(index: number, step: 1 | -1, limit: number): T[];
}
