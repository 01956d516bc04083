import type { Queryable } from '../../src/db/Database.js';

export interface SyntheticTrades {
  count: number;
  /** The three tokens the trades' pairs rotate through: A for B, B for C, C for A. */
  tokens: readonly [string, string, string];
  /** A token that is the maker token of every 500th trade instead (a rare token to filter on). */
  rare?: string;
  /** Filled amounts: maker and taker base plus the trade's number. */
  makerBase: bigint;
  takerBase: bigint;
}

/**
 * A large trade history in one statement (the plan tests and the bench): four trades per block, 97
 * makers, 89 takers and 1,000 orders in turn, on network 'main'.
 */
export async function insertSyntheticTrades(db: Queryable, trades: SyntheticTrades): Promise<void> {
  await db.query(
    `INSERT INTO trades (network, block_number, log_index, block_hash, transaction_hash, block_timestamp,
       order_hash, maker, taker, fee_recipient, maker_token, taker_token, filled_maker, filled_taker,
       paid_maker_fee, paid_taker_fee)
     SELECT 'main', i / 4, i % 4, '0x' || lpad(to_hex(i / 4), 64, '0'), '0x' || lpad(to_hex(i), 64, 'f'),
       1700000000 + i, '0x' || lpad(to_hex(i % 1000), 64, '0'), '0x' || lpad(to_hex(i % 97), 40, '0'),
       '0x' || lpad(to_hex(1000 + i % 89), 40, '0'), '0x' || repeat('0', 40),
       CASE WHEN $4::text IS NOT NULL AND i % 500 = 0 THEN $4 WHEN i % 3 = 0 THEN $1 WHEN i % 3 = 1 THEN $2 ELSE $3 END,
       CASE WHEN i % 3 = 0 THEN $2 WHEN i % 3 = 1 THEN $3 ELSE $1 END,
       $6::numeric + i, $7::numeric + i, i % 17, i % 19
     FROM generate_series(1, $5::int) AS i`,
    [
      ...trades.tokens,
      trades.rare ?? null,
      trades.count,
      trades.makerBase.toString(),
      trades.takerBase.toString(),
    ],
  );
  await db.query('ANALYZE trades');
}
