import type { BookEvent } from '../../events/BookEvents.js';
import type { NetworkBook } from '../model/NetworkBook.js';
import type { ReadRows } from '../store/readRowsByHash.js';

/** A change heard of, applied to the book (or held during a build). */
export type Change =
  | { kind: 'event'; event: BookEvent }
  | { kind: 'rows'; hashes: string[]; rows: ReadRows }
  | { kind: 'tokens'; verified: ReadonlySet<string> };

/** What the read model keeps of one network. */
export interface NetworkState {
  network: string;
  book: NetworkBook;
  /** A build in progress: reads wait for it; changes are held in `held` meanwhile. */
  building: Promise<void> | undefined;
  /** The build's last attempt failed: reads fail at once until one succeeds. */
  failure: unknown;
  /** Another rebuild was asked for during this one: it starts over once this one is done. */
  again: boolean;
  held: Change[] | undefined;
  /** Orders to read again from the database (their change did not carry the row). */
  pending: Set<string>;
  /** The verified tokens are to be read again (the registry changed them). */
  tokensStale: boolean;
  reading: Promise<void> | undefined;
  /** Removed orders' versions: [current, previous] generation. */
  tombstones: [Map<string, number>, Map<string, number>];
  /** Tokens whose symbol changed, with the new one: an event row with another is re-read instead. */
  symbols: Map<string, string>;
  /**
   * Until then (monotonic ms), an order the model neither holds nor remembers removing is re-read
   * instead of taken from the event that announces it. A rebuild after a resync leaves no tombstone
   * for orders closed while notifications were lost, so an older announcement that arrives late
   * would bring one back; for as long as a tombstone would have lasted, the database decides.
   */
  verifyUnknownUntil: number;
  /** The background build of the current book's indexes, while it runs. */
  indexing: Promise<void> | undefined;
}
