import type { BookAnswer } from './OpenBook.js';

/** An answer's value, waiting for its work when it was not made at once. */
export async function settleAnswer<T>(answer: BookAnswer<T>): Promise<T> {
  return typeof answer === 'function' ? (answer as () => Promise<T>)() : answer;
}
