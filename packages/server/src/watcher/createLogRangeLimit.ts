/** Ranges applied in a row without a refusal before the limit is allowed to double again. */
const GROW_AFTER = 16;

export interface LogRangeLimit {
  /** Most blocks the next range may span. */
  current(): number;
  /**
   * The node refused a range of `span` blocks: the limit drops to the node's suggestion when it gave a
   * smaller one, else to half the span. False when a single block was refused (nothing left to shrink).
   */
  refused(span: number, suggestedSpan?: number): boolean;
  /** A range was read: after enough of them the limit grows back towards the configured maximum. */
  succeeded(): void;
}

/**
 * The watcher's adaptive `eth_getLogs` block span: starts at the configured `maxBlockRange`, shrinks
 * when a node refuses a range as too wide or too full, and creeps back up so a burst of activity does
 * not slow catch-up for good.
 */
export function createLogRangeLimit(maxBlockRange: number): LogRangeLimit {
  let limit = maxBlockRange;
  let streak = 0;
  return {
    current: () => limit,
    refused(span, suggestedSpan) {
      streak = 0;
      if (span <= 1) return false;
      const half = Math.max(1, Math.floor(span / 2));
      limit = suggestedSpan !== undefined && suggestedSpan < span ? Math.max(1, suggestedSpan) : half;
      return true;
    },
    succeeded() {
      if (limit >= maxBlockRange) return;
      streak += 1;
      if (streak >= GROW_AFTER) {
        streak = 0;
        limit = Math.min(maxBlockRange, limit * 2);
      }
    },
  };
}
