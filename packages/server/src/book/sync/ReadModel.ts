import type { Database, Queryable } from '../../db/Database.js';
import type { BookEvents } from '../../events/BookEvents.js';
import type { NetworkBook } from '../model/NetworkBook.js';

export interface ReadModelLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

export interface ReadModelOptions {
  db: Queryable & Pick<Database, 'transaction' | 'kind'>;
  events: BookEvents;
  networks: readonly string[];
  log: ReadModelLog;
  tombstoneMs?: number;
}

export interface ReadModel {
  /**
   * Builds every network's book from the database; reads wait for it. Called again, it returns the
   * first call's promise (startRelayer builds before the app gets ready, whose hook then finds it done).
   */
  start(): Promise<void>;
  /**
   * The network's book once it is current: built, and every change this instance has heard of
   * applied (rows being re-read are waited for). Throws DatabaseUnavailableError while the database
   * cannot rebuild it.
   */
  book(network: string): Promise<NetworkBook>;
  /** The book when it is current right now (the common case: no await), else undefined. */
  bookNow(network: string): NetworkBook | undefined;
  /** Drops what the model holds and reads it again (a resync: changes may have been missed). */
  rebuild(network: string): Promise<void>;
  /**
   * Resolves once every index of the network's current book is built. A rebuild serves as soon as the
   * orders are read; the sorts of the book and of each pair are then built in the background, one per
   * turn of the event loop (a read that needs one first builds it there and then).
   */
  indexed(network: string): Promise<void>;
  /**
   * Lets the background build indexes from now on (startRelayer calls it once the app listens, so the
   * background does not delay getting ready; `indexed` calls it too). Until then an index is built
   * when a request first reads it.
   */
  indexInBackground(): void;
  /**
   * The network's "book changed" signal: called when the model hears a change to the network's book
   * (before a re-read or a held change is applied), when it applies one, and when a rebuild starts. The
   * page cache drops its answers on it.
   */
  onChange(listener: (network: string) => void): () => void;
  stop(): void;
}
