import { randomBytes } from 'node:crypto';
import type { OrderEvent } from '../events/BookEvents.js';
import { eventMessageType, eventPayload } from './createEventFrames.js';

/** One change of the stream, numbered; its payload is serialised once, when first sent. */
export interface StreamEntry {
  sequence: number;
  event: OrderEvent;
  payload?: string;
}

/**
 * A new epoch: this instance and this run of its sequence. Unique across instances and restarts, so a
 * position another process (or an earlier run) gave out is never taken for one of this run.
 */
function newEpoch(): string {
  return `${Date.now().toString(36)}-${randomBytes(6).toString('hex')}`;
}

/**
 * The numbered changes of one network's book for the `stream` channel: every order event gets the next
 * sequence number, and the last `size` of them are kept in a fixed ring for clients that resume. A
 * reset (events may have been missed) starts a new epoch at sequence 0, so no client resumes across it.
 */
export function createStreamLog(size: number) {
  const ring: (StreamEntry | undefined)[] = new Array(size);
  let epoch = newEpoch();
  let sequence = 0;

  return {
    get epoch(): string {
      return epoch;
    },
    /** The sequence of the last change (0: none yet in this epoch). */
    get sequence(): number {
      return sequence;
    },
    append(event: OrderEvent): StreamEntry {
      sequence += 1;
      const entry: StreamEntry = { sequence, event };
      ring[sequence % size] = entry;
      return entry;
    },
    /** The change numbered `at`, while the ring still holds it. */
    at(at: number): StreamEntry | undefined {
      if (at < 1 || at > sequence || at <= sequence - size) return undefined;
      return ring[at % size];
    },
    /** Whether every change after `since` is still held (so a client at `since` can catch up). */
    holdsAfter(since: number): boolean {
      return since <= sequence && since >= sequence - size;
    },
    reset(): void {
      ring.fill(undefined);
      epoch = newEpoch();
      sequence = 0;
    },
    /** The `stream` frame of a change for one subscription (the same bytes as JSON.stringify of it). */
    frame(entry: StreamEntry, requestId: number): Buffer {
      entry.payload ??= JSON.stringify(eventPayload(entry.event, 'orders'));
      const type = eventMessageType[entry.event.type];
      return Buffer.from(
        `{"type":"${type}","channel":"stream","requestId":${requestId},"epoch":"${epoch}","sequence":${entry.sequence},"payload":${entry.payload}}`,
      );
    },
  };
}

export type StreamLog = ReturnType<typeof createStreamLog>;
