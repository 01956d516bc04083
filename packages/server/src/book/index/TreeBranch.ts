import type { TreeLeaf } from './TreeLeaf.js';

/** A node of OrderedIndex's tree. */
export type TreeNode<T> = TreeLeaf<T> | TreeBranch<T>;

/** A branch of OrderedIndex's tree: its children, their lower bounds and how many items each holds. */
export class TreeBranch<T> {
  readonly leaf = false;
  /**
   * `seps[i]` (i >= 1) is a lower bound of every item under `children[i]` and above every item under
   * `children[i - 1]`; it is the first item of that child when the child was split off and may since
   * have been deleted (a bound is all the descent needs). `seps[0]` is unused.
   */
  constructor(
    public children: TreeNode<T>[],
    public seps: (T | undefined)[],
    public counts: number[],
    public size: number,
  ) {}
}
