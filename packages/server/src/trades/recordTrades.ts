import type { TradeRecord } from '@relayer/protocol';
import type { Queryable } from '../db/Database.js';
import { rowToTradeRecord, TRADE_COLUMNS, type TradeRow } from './rowToTradeRecord.js';

/**
 * Stores trades in one statement (inside the caller's transaction, which also moves the watcher's
 * cursor) and returns those that are new. A trade already stored at its block position is left alone,
 * so re-applying a range is idempotent; one stored from another block at that position (a re-org the
 * watcher has not rewound yet) is replaced.
 */
export async function recordTrades(
  tx: Queryable,
  network: string,
  trades: readonly TradeRecord[],
): Promise<TradeRecord[]> {
  if (trades.length === 0) return [];
  const column = <K extends keyof TradeRecord>(key: K) => trades.map((t) => String(t[key]));
  const rows = await tx.query<TradeRow>(
    `INSERT INTO trades (network, block_number, log_index, block_hash, transaction_hash, block_timestamp,
       order_hash, maker, taker, fee_recipient, maker_token, taker_token, filled_maker, filled_taker,
       paid_maker_fee, paid_taker_fee)
     SELECT $1, * FROM unnest($2::bigint[], $3::integer[], $4::text[], $5::text[], $6::bigint[], $7::text[],
       $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::numeric[], $14::numeric[],
       $15::numeric[], $16::numeric[])
     ON CONFLICT (network, block_number, log_index) DO UPDATE SET
       block_hash = excluded.block_hash, transaction_hash = excluded.transaction_hash,
       block_timestamp = excluded.block_timestamp, order_hash = excluded.order_hash, maker = excluded.maker,
       taker = excluded.taker, fee_recipient = excluded.fee_recipient, maker_token = excluded.maker_token,
       taker_token = excluded.taker_token, filled_maker = excluded.filled_maker,
       filled_taker = excluded.filled_taker, paid_maker_fee = excluded.paid_maker_fee,
       paid_taker_fee = excluded.paid_taker_fee
       WHERE trades.block_hash <> excluded.block_hash
     RETURNING ${TRADE_COLUMNS}`,
    [
      network,
      column('blockNumber'),
      column('logIndex'),
      column('blockHash'),
      column('transactionHash'),
      column('timestamp'),
      column('orderHash'),
      column('maker'),
      column('taker'),
      column('feeRecipient'),
      column('makerTokenAddress'),
      column('takerTokenAddress'),
      column('filledMakerTokenAmount'),
      column('filledTakerTokenAmount'),
      column('paidMakerFee'),
      column('paidTakerFee'),
    ],
  );
  return rows.map(rowToTradeRecord);
}

/**
 * Deletes the trades logged in blocks above `block` (a re-org orphaned them) and returns them, newest
 * first, for `tradeRemoved` events. Runs inside the rewind's transaction.
 */
export async function removeTradesAbove(
  tx: Queryable,
  network: string,
  block: bigint,
): Promise<TradeRecord[]> {
  return deleteTrades(tx, 'block_number > $2', [network, block.toString()]);
}

/**
 * Deletes the trades of the given blocks (by block hash: a deep re-org orphaned them) and returns them,
 * newest first.
 */
export async function removeTradesOfBlocks(
  tx: Queryable,
  network: string,
  blockHashes: readonly string[],
): Promise<TradeRecord[]> {
  // No blocks, no statement.
  return blockHashes.length === 0
    ? []
    : deleteTrades(tx, 'block_hash = ANY($2::text[])', [network, blockHashes]);
}

/** Deletes the network's trades where `condition` holds ($1 is the network) and returns them, newest first. */
async function deleteTrades(tx: Queryable, condition: string, params: unknown[]): Promise<TradeRecord[]> {
  const rows = await tx.query<TradeRow>(
    `DELETE FROM trades WHERE network = $1 AND ${condition} RETURNING ${TRADE_COLUMNS}`,
    params,
  );
  return rows.map(rowToTradeRecord).sort((a, b) => b.blockNumber - a.blockNumber || b.logIndex - a.logIndex);
}
