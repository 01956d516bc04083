/** One `orders` row to write, values in column order (`WRITE_COLUMNS`). */
export interface NewOrderRow {
  network: string;
  hash: string;
  /** The order's maker: when given and the writer has a quota, the row is admitted only within it. */
  maker?: string;
  /**
   * Acceptance's memory of the read model judged the row (`MakerQuotaMemory`): true when it vouches that
   * the maker stays within the quota with it (when every row of the maker in a batch is vouched for, the
   * maker is not counted), false when it cannot; unset without such a memory.
   */
  withinQuota?: boolean;
  values: readonly unknown[];
}

/**
 * `overQuota`: not written, because the maker already has `open` open orders on the network and the
 * quota allows no more (an identical re-post of an open order is never refused: it adds nothing).
 */
export type WriteOutcome = 'inserted' | 'reopened' | 'duplicate' | { overQuota: number };

export interface OrderWriterOptions {
  /** Called with the number of rows each batch wrote. */
  onWritten?: (rows: number) => void;
  /** Most open orders one maker may have per network; 0 or unset = no limit. */
  maxOpenPerMaker?: number;
}

export interface OrderWriter {
  /** Resolves once the row's statement committed: only then may the order be acknowledged. */
  write(row: NewOrderRow): Promise<WriteOutcome>;
  /** Writes the rows in one batch, so one commit: a batch submission's accepted orders land together. */
  writeAll?(rows: readonly NewOrderRow[]): Promise<WriteOutcome>[];
}

/** A row waiting in the writer's queue, with its caller's settling. */
export interface Pending {
  row: NewOrderRow;
  resolve: (outcome: WriteOutcome) => void;
  reject: (error: unknown) => void;
  /** Rows given together to `writeAll` share this token, and one batch (one commit) takes all of them. */
  group?: object;
}

/** A row the INSERT wrote: `inserted` fresh (version 1), else re-opened. */
export type Inserted = { network: string; hash: string; inserted: boolean };
