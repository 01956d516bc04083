import { TreeBranch, type TreeNode } from './TreeBranch.js';
import { TreeLeaf } from './TreeLeaf.js';
import { firstItem, sizeOf } from './treeNodes.js';

export interface TreeBuild<T> {
  /** The items, already in the tree's order, no duplicates. */
  readonly sorted: readonly T[];
  /** Items per leaf and children per branch. */
  readonly fill: number;
  /** Leaves or branches made per call. */
  readonly nodes: number;
  /** Given the tree's root by the call that finishes it. */
  readonly done: (root: TreeNode<T>) => void;
}

/**
 * A tree over `sorted` built bottom-up a few nodes at a time (OrderedIndex.loadInSteps): each call of
 * the returned function makes up to `nodes` leaves or branches and returns true while there is more.
 */
export function buildTreeInSteps<T>(options: TreeBuild<T>): () => boolean {
  const { sorted, fill, nodes } = options;
  let level: TreeNode<T>[] = [];
  let next: TreeNode<T>[] = [];
  let start = 0;
  let previous: TreeLeaf<T> | null = null;
  let leaves = true;
  let done = false;
  return () => {
    if (done) return false;
    if (sorted.length === 0) {
      options.done(new TreeLeaf<T>([]));
      done = true;
      return false;
    }
    for (let made = 0; made < nodes; made++) {
      if (leaves) {
        if (start >= sorted.length) {
          leaves = false;
          start = 0;
          continue;
        }
        const leaf: TreeLeaf<T> = new TreeLeaf(sorted.slice(start, start + fill));
        leaf.prev = previous;
        if (previous) previous.next = leaf;
        previous = leaf;
        level.push(leaf);
        start += fill;
        continue;
      }
      if (level.length === 1) {
        options.done(level[0] as TreeNode<T>);
        done = true;
        return false;
      }
      if (start >= level.length) {
        level = next;
        next = [];
        start = 0;
        continue;
      }
      const children = level.slice(start, start + fill);
      const counts = children.map(sizeOf);
      const seps = children.map((child, i) => (i === 0 ? undefined : firstItem(child)));
      next.push(
        new TreeBranch(
          children,
          seps,
          counts,
          counts.reduce((a, b) => a + b, 0),
        ),
      );
      start += fill;
    }
    return true;
  };
}
