import { type OrderRecord, wsServerMessageSchema } from '@relayer/protocol';
import type { WsMessage } from './wsTestClient.js';

/**
 * A `stream` client's book, kept as docs/API.md tells clients to: page 1 of a snapshot starts a new
 * book, each change must be the next sequence of the same epoch, `update` puts the record, `state`
 * sets the amounts of the order held, `remove` deletes it. Every message is checked against the
 * protocol's schema, and a gap or a repeat in the sequence throws.
 */
export function createStreamBook() {
  const orders = new Map<string, OrderRecord>();
  let epoch: string | undefined;
  let sequence = -1;
  let snapshots = 0;
  let changes = 0;
  /** Whether the last snapshot's last page has come (changes only follow a whole snapshot). */
  let complete = false;

  function apply(message: WsMessage): void {
    if (message.channel !== 'stream') return;
    const parsed = wsServerMessageSchema.parse(message);
    if (!('epoch' in parsed)) return;
    if (parsed.type === 'snapshot') {
      if (parsed.payload.page === 1) {
        orders.clear();
        snapshots += 1;
      } else if (parsed.epoch !== epoch || parsed.sequence !== sequence) {
        throw new Error(`snapshot page ${parsed.payload.page} of another snapshot`);
      }
      for (const order of parsed.payload.orders) orders.set(order.orderHash, order);
      complete = !parsed.payload.more;
      epoch = parsed.epoch;
      sequence = parsed.sequence;
      return;
    }
    if (parsed.type === 'resumed') {
      if (parsed.epoch !== epoch || parsed.sequence !== sequence)
        throw new Error(`resumed at ${parsed.epoch}/${parsed.sequence}, the book is at ${epoch}/${sequence}`);
      return;
    }
    if (!complete) throw new Error(`change ${parsed.sequence} inside a snapshot`);
    if (parsed.epoch !== epoch || parsed.sequence !== sequence + 1)
      throw new Error(`change ${parsed.epoch}/${parsed.sequence} after ${epoch}/${sequence}`);
    sequence = parsed.sequence;
    changes += 1;
    if (parsed.type === 'update') orders.set(parsed.payload.orderHash, parsed.payload);
    else if (parsed.type === 'remove') orders.delete(parsed.payload.orderHash);
    else if (parsed.type === 'state') {
      const held = orders.get(parsed.payload.orderHash);
      if (held) orders.set(held.orderHash, { ...held, ...parsed.payload });
    }
  }

  return {
    apply,
    orders,
    /** Where the book is (what a reconnect resumes from), and whether its snapshot is whole. */
    position: () => ({ epoch, sequence, complete }),
    /** Snapshots begun and changes applied so far. */
    counts: () => ({ snapshots, changes }),
    /** The book as a sorted list (to compare two books). */
    sorted: () => [...orders.values()].sort((a, b) => a.orderHash.localeCompare(b.orderHash)),
  };
}

export type StreamBook = ReturnType<typeof createStreamBook>;
