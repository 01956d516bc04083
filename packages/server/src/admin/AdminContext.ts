import type { NetworkConfig } from '../config.js';
import type { Database } from '../db/Database.js';
import type { BookEvents } from '../events/BookEvents.js';
import type { FeePolicy } from '../fees/createFeePolicy.js';
import type { TokenDirectory } from '../tokens/createTokenDirectory.js';

/** What the admin API works with: the app's database, bus, token directory and fee policy. */
export interface AdminContext {
  db: Database;
  events: Pick<BookEvents, 'publish'>;
  tokens: Pick<TokenDirectory, 'invalidate'>;
  fees: FeePolicy;
  networks: readonly NetworkConfig[];
  /** The bearer token every admin request must carry; undefined refuses them all. */
  token: string | undefined;
  /** Unix milliseconds (audit times, the orders' `updated_at`). */
  now: () => number;
  log: { error(details: object, message: string): void };
}
