import type { Hex } from 'viem';
import type { Queryable } from '../db/Database.js';
import type { BlockRef } from './WatcherContext.js';

/** The last block the network's watcher applied, or null before its first run. */
export async function loadCursor(db: Queryable, network: string): Promise<BlockRef | null> {
  const rows = await db.query<{ block_number: string; block_hash: Hex }>(
    'SELECT block_number::text, block_hash FROM watcher_state WHERE network = $1',
    [network],
  );
  const row = rows[0];
  return row ? { number: BigInt(row.block_number), hash: row.block_hash } : null;
}

/** The remembered recent blocks, newest first. */
export async function loadRecentBlocks(
  db: Queryable,
  network: string,
): Promise<(BlockRef & { processedAt: number })[]> {
  const rows = await db.query<{ block_number: string; block_hash: Hex; processed_at: string }>(
    `SELECT block_number::text, block_hash, processed_at::text FROM watcher_blocks
      WHERE network = $1 ORDER BY block_number DESC`,
    [network],
  );
  return rows.map((r) => ({
    number: BigInt(r.block_number),
    hash: r.block_hash,
    processedAt: Number(r.processed_at),
  }));
}

/** Another instance took the leader lock since this one did (its lock session died unnoticed). */
export class LostLeadershipError extends Error {
  constructor(network: string) {
    super(`another instance leads the ${network} chain watcher now`);
  }
}

/** Records `leaderId` as the network's leader (just after taking the lock). */
export async function claimLeadership(db: Queryable, network: string, leaderId: string): Promise<void> {
  await db.query('UPDATE watcher_state SET leader = $2 WHERE network = $1', [network, leaderId]);
}

/** Throws `LostLeadershipError` when another leader id than `leaderId` is recorded for the network. */
export async function assertLeadership(db: Queryable, network: string, leaderId: string): Promise<void> {
  const [current] = await db.query<{ leader: string | null }>(
    'SELECT leader FROM watcher_state WHERE network = $1',
    [network],
  );
  if (current?.leader && current.leader !== leaderId) throw new LostLeadershipError(network);
}

export interface CursorUpdate {
  network: string;
  /** The writer's fencing id: the write fails with `LostLeadershipError` when another id is recorded. */
  leaderId: string;
  cursor: BlockRef;
  /** Headers of the applied range (only the newest `reorgDepth` are kept). */
  blocks: readonly BlockRef[];
  /** Orders re-verified because of the range's logs, with the block that touched them. */
  touched: ReadonlyMap<string, bigint>;
  reorgDepth: number;
  processedAt: number;
}

/**
 * Moves the cursor, remembers the range's newest blocks and the orders they touched, and forgets what
 * lies beyond the re-org window or above the cursor (after a rewind). Runs inside the transaction that
 * applied the range, so a crash never leaves order rows and cursor out of step; the row lock on
 * watcher_state also fences off a leader that lost its advisory lock without noticing.
 */
export async function saveCursor(tx: Queryable, update: CursorUpdate): Promise<void> {
  const { network, leaderId, cursor, blocks, touched, reorgDepth, processedAt } = update;
  const [current] = await tx.query<{ leader: string | null }>(
    'SELECT leader FROM watcher_state WHERE network = $1 FOR UPDATE',
    [network],
  );
  if (current?.leader && current.leader !== leaderId) throw new LostLeadershipError(network);
  await tx.query(
    `INSERT INTO watcher_state (network, block_number, block_hash, leader, updated_at) VALUES ($1, $2, $3, $4, now())
     ON CONFLICT (network) DO UPDATE SET block_number = $2, block_hash = $3, leader = $4, updated_at = now()`,
    [network, cursor.number.toString(), cursor.hash, leaderId],
  );
  const oldest = cursor.number - BigInt(reorgDepth);
  await tx.query(
    'DELETE FROM watcher_blocks WHERE network = $1 AND (block_number <= $2 OR block_number > $3)',
    [network, oldest.toString(), cursor.number.toString()],
  );
  await tx.query(
    'DELETE FROM watcher_touched WHERE network = $1 AND (block_number <= $2 OR block_number > $3)',
    [network, oldest.toString(), cursor.number.toString()],
  );
  const kept = blocks.filter((b) => b.number > oldest && b.number <= cursor.number);
  if (kept.length > 0) {
    await tx.query(
      `INSERT INTO watcher_blocks (network, block_number, block_hash, processed_at)
       SELECT $1, b.number, b.hash, $4 FROM unnest($2::bigint[], $3::text[]) AS b(number, hash)
       ON CONFLICT (network, block_number) DO UPDATE SET block_hash = excluded.block_hash, processed_at = excluded.processed_at`,
      [network, kept.map((b) => b.number.toString()), kept.map((b) => b.hash), processedAt],
    );
  }
  const touchedKept = [...touched].filter(([, block]) => block > oldest && block <= cursor.number);
  if (touchedKept.length > 0) {
    await tx.query(
      `INSERT INTO watcher_touched (network, block_number, order_hash)
       SELECT $1, t.block, t.hash FROM unnest($2::bigint[], $3::text[]) AS t(block, hash)
       ON CONFLICT DO NOTHING`,
      [network, touchedKept.map(([, block]) => block.toString()), touchedKept.map(([hash]) => hash)],
    );
  }
}
