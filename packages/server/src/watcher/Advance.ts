import type { BlockRef } from './WatcherContext.js';

/** Where one watcher step left the cursor. */
export interface Advance {
  cursor: BlockRef;
  /** More confirmed blocks are waiting (catch-up), or a refused range is retried shorter: tick again at once. */
  more: boolean;
}
