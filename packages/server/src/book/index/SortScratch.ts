/**
 * Arrays one sort after another can reuse (the background's sorts of one book, in turn): a large book's
 * sort needs tens of megabytes of typed arrays, and allocating them afresh for each makes V8 run full
 * collections of the whole heap for the external memory. Each sort takes every array by its name once.
 */
export class SortScratch {
  readonly #arrays = new Map<string, Float64Array | Uint32Array | Int32Array | Uint8Array | bigint[]>();

  #take<A extends Float64Array | Uint32Array | Int32Array | Uint8Array>(
    name: string,
    n: number,
    make: (n: number) => A,
  ): A {
    let array = this.#arrays.get(name) as A | undefined;
    if (!array || array.length < n) {
      array = make(n);
      this.#arrays.set(name, array);
    }
    return array.length === n ? array : (array.subarray(0, n) as A);
  }

  f64(name: string, n: number): Float64Array {
    return this.#take(name, n, (size) => new Float64Array(size));
  }

  u32(name: string, n: number): Uint32Array {
    return this.#take(name, n, (size) => new Uint32Array(size));
  }

  i32(name: string, n: number): Int32Array {
    return this.#take(name, n, (size) => new Int32Array(size));
  }

  u8(name: string, n: number): Uint8Array {
    return this.#take(name, n, (size) => new Uint8Array(size));
  }

  bigints(name: string, n: number): bigint[] {
    let array = this.#arrays.get(name) as bigint[] | undefined;
    if (!array || array.length < n) {
      array = new Array<bigint>(n);
      this.#arrays.set(name, array);
    }
    return array;
  }
}
