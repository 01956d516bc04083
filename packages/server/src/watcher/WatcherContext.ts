import type { FastifyBaseLogger } from 'fastify';
import type { PublicClient } from 'viem';
import type { ChainClock } from '../chain/createChainClock.js';
import type { ChainReader } from '../chain/createChainReader.js';
import type { Config, NetworkConfig } from '../config.js';
import type { Database } from '../db/Database.js';
import type { BookEvents } from '../events/BookEvents.js';
import type { AppMetrics } from '../ops/createAppMetrics.js';
import type { WebhookOutbox } from '../webhooks/createWebhookOutbox.js';
import type { LogRangeLimit } from './createLogRangeLimit.js';

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
  /** Unix milliseconds (the server's clock: row timestamps). */
  now: () => number;
  /**
   * Expiry's clock (the later of `now` and the latest block's timestamp); the watcher feeds it the head
   * it polls. Shared with acceptance and the routes of the network.
   */
  clock: ChainClock;
  /** Counters of the re-validation sweep (`relayer_revalidation_*`). */
  metrics?: Pick<AppMetrics, 'revalidationChecked' | 'revalidationCorrected'>;
  /** Where the fills, cancels and unfunded orders of makers with a webhook are queued, in the same transaction. */
  webhooks?: WebhookOutbox;
  /** Called after the watcher changed the network's tokens (registry events), to drop cached lists. */
  onTokensChanged?: () => void;
  log: FastifyBaseLogger;
}

/** The context of the leader's work: plus this instance's fencing id (stored with the cursor). */
export interface LeaderContext extends WatcherContext {
  leaderId: string;
  /** The adaptive `eth_getLogs` block span (shrinks while the node refuses wide ranges). */
  logRange: LogRangeLimit;
}

/** A block the watcher has applied (its cursor) or remembers for re-org detection. */
export interface BlockRef {
  number: bigint;
  hash: `0x${string}`;
}
