import type { BookAnswer } from './OpenBook.js';

/** `answer` turned by `f`: at once when it was made at once, else once its work is done. */
export function mapAnswer<T, U>(answer: BookAnswer<T>, f: (value: T) => U): BookAnswer<U> {
  if (typeof answer !== 'function') return f(answer);
  const later = answer as () => Promise<T>;
  return () => later().then(f);
}
