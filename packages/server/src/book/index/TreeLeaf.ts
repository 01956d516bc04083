/** A leaf of OrderedIndex's tree: its items in order, linked to the leaves either side. */
export class TreeLeaf<T> {
  readonly leaf = true;
  prev: TreeLeaf<T> | null = null;
  next: TreeLeaf<T> | null = null;
  constructor(public items: T[]) {}
}
