import type { FastifyBaseLogger } from 'fastify';
import type { PublicClient } from 'viem';
import type { ChainReader } from '../chain/createChainReader.js';
import type { Config, NetworkConfig } from '../config.js';
import type { Database } from '../db/Database.js';
import type { BookEvents } from '../events/BookEvents.js';

/** What one network's chain watcher works with (the arguments of `createChainWatcher`). */
export interface WatcherContext {
  db: Database;
  network: NetworkConfig;
  client: PublicClient;
  reader: ChainReader;
  events: BookEvents;
  options: Config['watcher'];
  /** Orders are pruned as expired once `now + expiryMarginSec >= expiration` (same rule as acceptance). */
  expiryMarginSec: number;
  /** Unix milliseconds. */
  now: () => number;
  log: FastifyBaseLogger;
}

/** The context of the leader's work: plus this instance's fencing id (stored with the cursor). */
export interface LeaderContext extends WatcherContext {
  leaderId: string;
}

/** A block the watcher has applied (its cursor) or remembers for re-org detection. */
export interface BlockRef {
  number: bigint;
  hash: `0x${string}`;
}
