import type { Database, Queryable } from '../../db/Database.js';
import type { BookOrder } from '../model/BookOrder.js';
import type { NetworkBook } from '../model/NetworkBook.js';
import { BookOrderDecoder } from './BookOrderDecoder.js';
import { BOOK_TEXT } from './orderColumns.js';
import { readOpenTexts } from './readOpenTexts.js';

/**
 * Table blocks per statement of `readOpenOrders`: a few thousand rows (small on purpose:
 * PGlite's WebAssembly memory keeps the largest result it ever built, and never gives memory back).
 */
export const BLOCKS_PER_CHUNK = 250;

/**
 * Every open order of the network as BookOrders of `book` (to be given to its `load`), chunk by chunk
 * (`readOpenTexts`), each chunk's text decoded straight into the one array (`BookOrderDecoder`): no row
 * arrays, no string per field. What a start or a rebuild reads.
 */
export async function readOpenOrders(
  db: Queryable & Pick<Database, 'transaction' | 'kind'>,
  network: string,
  book: NetworkBook,
  blocksPerChunk = BLOCKS_PER_CHUNK,
): Promise<BookOrder[]> {
  const decoder = new BookOrderDecoder(book);
  const orders: BookOrder[] = [];
  await readOpenTexts(
    db,
    network,
    BOOK_TEXT,
    (text) => {
      const before = orders.length;
      if (text) decoder.decode(text, orders);
      return { count: orders.length - before, last: orders[orders.length - 1]?.hash };
    },
    blocksPerChunk,
  );
  return orders;
}
