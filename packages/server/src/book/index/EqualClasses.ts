/**
 * Classes of positions found equal so far, as a union-find forest: a merge compares equal numbers (a
 * repeated amount, fee or price) over and over; once two keys were found exactly equal, their classes
 * compare equal without reading (or multiplying) bigints again.
 */
export class EqualClasses {
  readonly #parent: Int32Array;

  constructor(parent: Int32Array) {
    this.#parent = parent;
  }

  /** Each position its own class (run over [from, to) before any comparison). */
  reset(from: number, to: number): void {
    for (let i = from; i < to; i++) this.#parent[i] = i;
  }

  /** `compare(i, j)` (the exact one), remembering equality. */
  compare(i: number, j: number, exact: (i: number, j: number) => number): number {
    const parent = this.#parent;
    const a = this.#root(i);
    const b = this.#root(j);
    if (a === b) return 0;
    const side = exact(i, j);
    if (side === 0) {
      if (a < b) parent[b] = a;
      else parent[a] = b;
    }
    return side;
  }

  #root(i: number): number {
    const parent = this.#parent;
    let r = i;
    while (parent[r] !== r) r = parent[r] as number;
    for (let x = i; parent[x] !== r; ) {
      const next = parent[x] as number;
      parent[x] = r;
      x = next;
    }
    return r;
  }
}
