type Compare<T> = (a: T, b: T) => number;

/** Max-heap helpers under `compare` (the root is the greatest). */
function siftUp<T>(heap: T[], compare: Compare<T>): void {
  let child = heap.length - 1;
  const item = heap[child] as T;
  while (child > 0) {
    const parent = (child - 1) >>> 1;
    if (compare(heap[parent] as T, item) >= 0) break;
    heap[child] = heap[parent] as T;
    child = parent;
  }
  heap[child] = item;
}

function siftDown<T>(heap: T[], compare: Compare<T>): void {
  const n = heap.length;
  const item = heap[0] as T;
  let parent = 0;
  for (;;) {
    let child = 2 * parent + 1;
    if (child >= n) break;
    if (child + 1 < n && compare(heap[child + 1] as T, heap[child] as T) > 0) child++;
    if (compare(heap[child] as T, item) <= 0) break;
    heap[parent] = heap[child] as T;
    parent = child;
  }
  heap[parent] = item;
}

export interface Selection<T> {
  /** Visits every candidate once, in any order. */
  readonly forEach: (visit: (item: T) => void) => void;
  /** How many to keep. */
  readonly k: number;
  readonly compare: Compare<T>;
  /** Which candidates count (all when not given). */
  readonly keep?: ((item: T) => boolean) | undefined;
}

/** The first `k` candidates under `compare`, in order: one pass with a heap of `k` (O(n log k)). */
export function selectBest<T>(selection: Selection<T>): T[] {
  const { k, compare, keep } = selection;
  // The `k` best so far, the worst of them at the root.
  const heap: T[] = [];
  if (k <= 0) return heap;
  selection.forEach((item) => {
    if (keep && !keep(item)) return;
    if (heap.length < k) {
      heap.push(item);
      siftUp(heap, compare);
    } else if (compare(item, heap[0] as T) < 0) {
      heap[0] = item;
      siftDown(heap, compare);
    }
  });
  return heap.sort(compare);
}
