import { buildTreeInSteps } from './buildTreeInSteps.js';
import type { Probe, SortedView } from './SortedView.js';
import { TreeBranch, type TreeNode } from './TreeBranch.js';
import { TreeLeaf } from './TreeLeaf.js';
import { firstItem, probePoint, sizeOf, unlink, widthOf } from './treeNodes.js';

/** Items per leaf and children per branch. 64 keeps a leaf's splice a short memmove and the tree 3-4 levels deep at 10^6. */
const DEFAULT_CAPACITY = 64;

/**
 * A sorted set with positions: a B+tree whose branches count the items below each child, so finding
 * the i-th item, counting the items before a key and inserting or deleting one are all O(log n), and
 * walking on from a position follows the linked leaves. Items are unique under `compare` (the read
 * model breaks every tie with the order hash).
 */
export class OrderedIndex<T> implements SortedView<T> {
  #root: TreeNode<T> = new TreeLeaf<T>([]);
  readonly #compare: (a: T, b: T) => number;
  readonly #capacity: number;
  /** A node below this is merged into a neighbour when the two fit in one. */
  readonly #minFill: number;
  /** Nodes built by `load` are this full, so the first inserts after a rebuild do not all split. */
  readonly #loadFill: number;

  /** `capacity` (at least 4) is for tests, which want deep trees from few items. */
  constructor(compare: (a: T, b: T) => number, capacity = DEFAULT_CAPACITY) {
    this.#compare = compare;
    this.#capacity = Math.max(4, capacity);
    this.#minFill = Math.max(2, Math.floor(this.#capacity / 3));
    this.#loadFill = Math.max(2, Math.floor(this.#capacity * 0.875));
  }

  get size(): number {
    return sizeOf(this.#root);
  }

  /** Replaces the contents with `sorted` (already in this index's order, no duplicates). */
  load(sorted: readonly T[]): void {
    const step = this.loadInSteps(sorted, Number.POSITIVE_INFINITY);
    while (step());
  }

  /**
   * `load` a few nodes at a time: each call of the returned function builds up to `nodes` leaves or
   * branches and returns true while there is more; the call that returns false replaces the contents
   * (until then the index is as it was). The same tree as `load`. A rebuild's background builds an index
   * of 1,000,000 orders (~18,000 leaves) in slices this way.
   */
  loadInSteps(sorted: readonly T[], nodes = 256): () => boolean {
    return buildTreeInSteps({
      sorted,
      fill: this.#loadFill,
      nodes,
      done: (root) => {
        this.#root = root;
      },
    });
  }

  insert(item: T): void {
    const root = this.#root;
    const split = this.#insertInto(root, item);
    if (split) {
      this.#root = new TreeBranch<T>(
        [root, split],
        [undefined, firstItem(split)],
        [sizeOf(root), sizeOf(split)],
        sizeOf(root) + sizeOf(split),
      );
    }
  }

  /** Removes `item` (found by `compare`); false when it is not there. */
  delete(item: T): boolean {
    const found = this.#deleteFrom(this.#root, item);
    const root = this.#root;
    if (!root.leaf && root.children.length <= 1) this.#root = root.children[0] ?? new TreeLeaf<T>([]);
    return found;
  }

  /** The item at `index` in order (0-based), or undefined past the end. */
  at(index: number): T | undefined {
    if (index < 0 || index >= this.size) return undefined;
    const { leaf, position } = this.#locate(index);
    return leaf.items[position];
  }

  /**
   * How many items sort before the target (`probe(item) < 0`), or with `inclusive` at or before it:
   * the position a keyset page starts from.
   */
  countBefore(probe: Probe<T>, inclusive = false): number {
    // `probePoint`, not a search with a closure: no closure per seek, the probe called alone
    // (a keyset page's only comparisons).
    let node = this.#root;
    let before = 0;
    while (!node.leaf) {
      const { seps, counts, children } = node;
      // The last child whose lower bound is before (or, inclusive, at) the target.
      const child = probePoint(seps, 1, children.length, probe, inclusive) - 1;
      for (let i = 0; i < child; i++) before += counts[i] as number;
      node = children[child] as TreeNode<T>;
    }
    const { items } = node;
    return before + probePoint(items, 0, items.length, probe, inclusive);
  }

  /**
   * Visits items in order from `index` on (`step` 1) or backwards from it (`step` -1) until `visit`
   * returns false or the items run out.
   */
  walk(index: number, step: 1 | -1, visit: (item: T) => boolean | undefined): void {
    if (index < 0 || index >= this.size) return;
    const start = this.#locate(index);
    let leaf: TreeLeaf<T> | null = start.leaf;
    let position = start.position;
    while (leaf) {
      const { items } = leaf;
      if (step === 1) {
        for (; position < items.length; position++) if (visit(items[position] as T) === false) return;
        leaf = leaf.next;
        position = 0;
      } else {
        for (; position >= 0; position--) if (visit(items[position] as T) === false) return;
        leaf = leaf.prev;
        position = leaf ? leaf.items.length - 1 : 0;
      }
    }
  }

  /** Up to `limit` items from `index` on in the direction of `step`. */
  slice(index: number, step: 1 | -1, limit: number): T[] {
    const out: T[] = [];
    if (limit <= 0 || index < 0 || index >= this.size) return out;
    // `walk` without a visitor: whole runs of a leaf at a time.
    const start = this.#locate(index);
    let leaf: TreeLeaf<T> | null = start.leaf;
    let position = start.position;
    while (leaf && out.length < limit) {
      const { items } = leaf;
      if (step === 1) {
        const end = Math.min(items.length, position + limit - out.length);
        for (; position < end; position++) out.push(items[position] as T);
        leaf = leaf.next;
        position = 0;
      } else {
        const end = Math.max(-1, position - (limit - out.length));
        for (; position > end; position--) out.push(items[position] as T);
        leaf = leaf.prev;
        position = leaf ? leaf.items.length - 1 : 0;
      }
    }
    return out;
  }

  /** The leaf holding the item at `index` (within the size) and its position there, by the branches' counts. */
  #locate(index: number): { leaf: TreeLeaf<T>; position: number } {
    let node = this.#root;
    let rest = index;
    while (!node.leaf) {
      let i = 0;
      while (rest >= (node.counts[i] as number)) rest -= node.counts[i++] as number;
      node = node.children[i] as TreeNode<T>;
    }
    return { leaf: node, position: rest };
  }

  /**
   * Where `item` goes in a leaf's items: before the first item that does not sort before it. The binary
   * search written out (not a shared search with a closure): an insert makes no closure per level.
   */
  #positionIn(items: readonly T[], item: T): number {
    const compare = this.#compare;
    let start = 0;
    let end = items.length;
    while (start < end) {
      const mid = (start + end) >>> 1;
      if (compare(items[mid] as T, item) < 0) start = mid + 1;
      else end = mid;
    }
    return start;
  }

  /** The child of `node` whose range holds `item`: the last whose lower bound is not after it. */
  #childFor(node: TreeBranch<T>, item: T): number {
    const compare = this.#compare;
    const { seps } = node;
    let start = 1;
    let end = node.children.length;
    while (start < end) {
      const mid = (start + end) >>> 1;
      if (compare(seps[mid] as T, item) <= 0) start = mid + 1;
      else end = mid;
    }
    return start - 1;
  }

  /** Inserts below `node`; returns the new right sibling when `node` split. */
  #insertInto(node: TreeNode<T>, item: T): TreeNode<T> | undefined {
    if (node.leaf) {
      const { items } = node;
      const position = this.#positionIn(items, item);
      // The leaf's items from `position` on move up one: by hand, not by splice (a builtin call per insert).
      let k = items.length;
      items.push(item);
      for (; k > position; k--) items[k] = items[k - 1] as T;
      items[position] = item;
      if (items.length <= this.#capacity) return undefined;
      const right = new TreeLeaf(items.splice(items.length >>> 1));
      right.next = node.next;
      if (right.next) right.next.prev = right;
      right.prev = node;
      node.next = right;
      return right;
    }
    const i = this.#childFor(node, item);
    const child = node.children[i] as TreeNode<T>;
    const split = this.#insertInto(child, item);
    node.size += 1;
    if (!split) {
      node.counts[i] = (node.counts[i] as number) + 1;
      return undefined;
    }
    node.children.splice(i + 1, 0, split);
    node.seps.splice(i + 1, 0, firstItem(split));
    node.counts.splice(i, 1, sizeOf(child), sizeOf(split));
    if (node.children.length <= this.#capacity) return undefined;
    const half = node.children.length >>> 1;
    const children = node.children.splice(half);
    const seps = node.seps.splice(half);
    const counts = node.counts.splice(half);
    const moved = counts.reduce((a, b) => a + b, 0);
    node.size -= moved;
    return new TreeBranch(children, seps, counts, moved);
  }

  #deleteFrom(node: TreeNode<T>, item: T): boolean {
    if (node.leaf) {
      const { items } = node;
      const low = this.#positionIn(items, item);
      if (low >= items.length || this.#compare(items[low] as T, item) !== 0) return false;
      items.splice(low, 1);
      return true;
    }
    const i = this.#childFor(node, item);
    const child = node.children[i] as TreeNode<T>;
    if (!this.#deleteFrom(child, item)) return false;
    node.size -= 1;
    node.counts[i] = (node.counts[i] as number) - 1;
    if (widthOf(child) < this.#minFill) this.#rebalance(node, i);
    return true;
  }

  /** Drops an empty child, or merges an underfull one into a neighbour when both fit in one node. */
  #rebalance(parent: TreeBranch<T>, i: number): void {
    const child = parent.children[i] as TreeNode<T>;
    if (widthOf(child) === 0) {
      if (child.leaf) unlink(child);
      this.#remove(parent, i);
      return;
    }
    const left = i > 0 ? (parent.children[i - 1] as TreeNode<T>) : undefined;
    if (left && widthOf(left) + widthOf(child) <= this.#capacity) {
      this.#merge(parent, i - 1);
      return;
    }
    const right = parent.children[i + 1] as TreeNode<T> | undefined;
    if (right && widthOf(child) + widthOf(right) <= this.#capacity) this.#merge(parent, i);
  }

  /** Moves everything of child `i + 1` into child `i` and drops the emptied child. */
  #merge(parent: TreeBranch<T>, i: number): void {
    const left = parent.children[i] as TreeNode<T>;
    const right = parent.children[i + 1] as TreeNode<T>;
    if (left.leaf && right.leaf) {
      left.items.push(...right.items);
      unlink(right);
    } else if (!left.leaf && !right.leaf) {
      // The parent's bound of the right child bounds its first child from below.
      left.children.push(...right.children);
      left.seps.push(parent.seps[i + 1], ...right.seps.slice(1));
      left.counts.push(...right.counts);
      left.size += right.size;
    }
    parent.counts[i] = sizeOf(left);
    this.#remove(parent, i + 1);
  }

  #remove(parent: TreeBranch<T>, i: number): void {
    parent.children.splice(i, 1);
    parent.seps.splice(i, 1);
    parent.counts.splice(i, 1);
    // The first child needs no lower bound.
    if (i === 0 && parent.seps.length > 0) parent.seps[0] = undefined;
  }
}
