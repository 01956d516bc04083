import type { BookCache } from '../orders/createBookCache.js';
import type { BookAnswer, OpenBook } from './OpenBook.js';

/** A network's pages of the open book, kept in the page cache until the book changes. */
export interface BookPages {
  /** The page kept under `rawKey` (a raw URL), if any: the hot path, before the query is even parsed. */
  peek<T>(rawKey: string): T | undefined;
  /**
   * The page of canonical `key` (the parsed query), kept or made by `make` from the book. Made at once,
   * it is kept from its second request since the last change (`BookCache.admit`); made later, it is
   * kept at once and concurrent misses share its work. `rawKey`, when given, becomes an alias of `key`.
   */
  answer<T>(rawKey: string | undefined, key: string, make: () => BookAnswer<T>): T | Promise<T>;
  /** The page cache's memo of a value derived from the book (a count), dropped with its pages. */
  memo<T>(key: string, compute: () => Promise<T>): Promise<T>;
  /** Stops listening to the book's change signal. */
  stop(): void;
}

/**
 * The one owner of a network's share of the page cache: it listens to the book's one change signal
 * (`OpenBook.onChange`) and drops the network's pages on it, and nothing else invalidates them.
 */
export function createBookPages(
  cache: BookCache,
  network: string,
  book: Pick<OpenBook, 'onChange'>,
): BookPages {
  const stop = book.onChange(() => cache.invalidate(network));
  return {
    peek: (rawKey) => cache.peek(network, rawKey),
    answer<T>(rawKey: string | undefined, key: string, make: () => BookAnswer<T>) {
      const generation = cache.generation(network);
      const kept = cache.peek<T>(network, key);
      if (kept !== undefined) {
        if (rawKey !== undefined) cache.alias(network, rawKey, key, generation);
        return kept;
      }
      const made = make();
      if (typeof made !== 'function') {
        if (cache.admit(network, key)) {
          cache.set(network, key, made, generation);
          if (rawKey !== undefined) cache.alias(network, rawKey, key, generation);
        }
        return made as T;
      }
      return cache.get(network, key, made as () => Promise<T>).then((page) => {
        if (rawKey !== undefined) cache.alias(network, rawKey, key, generation);
        return page;
      });
    },
    memo: (key, compute) => cache.get(network, key, compute),
    stop,
  };
}
