import type { NewOrderRow, OrderWriter, WriteOutcome } from './createOrderWriter.js';

export interface WriteGathering {
  /** The writer acceptance of order `index` writes through. */
  writerFor(index: number): OrderWriter;
  /** Order `index`'s acceptance ended (accepted, refused or failed); it writes nothing more. */
  settled(index: number): void;
}

/**
 * Holds the rows of a batch submission's orders until every order has either reached its write or
 * ended without one, then hands them to the writer together (`writeAll`: one batch, one commit). So the
 * orders of one request are stored all at once, after all of them were checked.
 */
export function createWriteGathering(writer: OrderWriter, count: number): WriteGathering {
  const held: { row: NewOrderRow; resolve: (o: WriteOutcome) => void; reject: (e: unknown) => void }[] = [];
  const done = new Set<number>();
  const flushIfReady = () => {
    if (done.size < count || held.length === 0) return;
    const items = held.splice(0);
    const rows = items.map((item) => item.row);
    const outcomes = writer.writeAll ? writer.writeAll(rows) : rows.map((row) => writer.write(row));
    outcomes.forEach((outcome, i) => {
      const item = items[i];
      if (item) outcome.then(item.resolve, item.reject);
    });
  };
  return {
    writerFor(index) {
      return {
        write(row) {
          return new Promise<WriteOutcome>((resolve, reject) => {
            held.push({ row, resolve, reject });
            done.add(index);
            flushIfReady();
          });
        },
      };
    },
    settled(index) {
      if (done.has(index)) return;
      done.add(index);
      flushIfReady();
    },
  };
}
