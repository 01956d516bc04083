import type { Probe } from './SortedView.js';
import type { TreeNode } from './TreeBranch.js';
import type { TreeLeaf } from './TreeLeaf.js';

/** A binary search for a probe: the first of items[low, high) not before it (inclusive: nor at it). */
export function probePoint<T>(
  items: readonly (T | undefined)[],
  low: number,
  high: number,
  probe: Probe<T>,
  inclusive: boolean,
): number {
  let start = low;
  let end = high;
  while (start < end) {
    const mid = (start + end) >>> 1;
    const side = probe(items[mid] as T);
    if (side < 0 || (inclusive && side === 0)) start = mid + 1;
    else end = mid;
  }
  return start;
}

export const sizeOf = <T>(node: TreeNode<T>): number => (node.leaf ? node.items.length : node.size);
export const widthOf = <T>(node: TreeNode<T>): number =>
  node.leaf ? node.items.length : node.children.length;

export function firstItem<T>(node: TreeNode<T>): T {
  let current = node;
  while (!current.leaf) current = current.children[0] as TreeNode<T>;
  return current.items[0] as T;
}

export function unlink<T>(leaf: TreeLeaf<T>): void {
  if (leaf.prev) leaf.prev.next = leaf.next;
  if (leaf.next) leaf.next.prev = leaf.prev;
  leaf.prev = null;
  leaf.next = null;
}
