import type { ReadModel } from '../book/sync/createReadModel.js';
import type { BookPages } from '../browse/createBookPages.js';
import type { OpenBook } from '../browse/OpenBook.js';
import type { ChainClock } from '../chain/createChainClock.js';
import type { ChainReader } from '../chain/createChainReader.js';
import type { Config, NetworkConfig } from '../config.js';
import type { Database } from '../db/Database.js';
import type { BookEvents } from '../events/BookEvents.js';
import type { FeePolicy } from '../fees/createFeePolicy.js';
import type { AppMetrics } from '../ops/createAppMetrics.js';
import type { AcceptContext } from '../orders/acceptOrder.js';
import type { BookCache } from '../orders/createBookCache.js';
import type { RegistrySync } from '../tokens/createRegistrySync.js';
import type { TokenDirectory } from '../tokens/createTokenDirectory.js';

/** What every route of the app shares. */
export interface AppContext {
  config: Config;
  db: Database;
  events: BookEvents;
  tokens: TokenDirectory;
  /** The fee policy in force (`POST /v0/fees`), which the operator may change while running. */
  fees: FeePolicy;
  cache: BookCache;
  /** The open books in memory (the WebSocket snapshots read them); undefined without the read model. */
  book: ReadModel | undefined;
  metrics: AppMetrics;
  now: () => number;
}

/** One network's services, handed to the routes under its prefix. */
export interface NetworkContext {
  app: AppContext;
  network: NetworkConfig;
  reader: ChainReader;
  /** Expiry's clock: the later of the server's clock and the latest block's timestamp. */
  clock: ChainClock;
  registrySync: RegistrySync;
  accept: AcceptContext;
  /** The network's open book, as every read route reads it (in memory, or the database without it). */
  openBook: OpenBook;
  /** Its pages kept in the page cache, dropped on the book's change signal. */
  pages: BookPages;
}
