import { EXACT_PRICE_SCALE } from '../orders/queryOrderbook.js';

/**
 * The trades of one market in both directions as rows of `base_amount`, `quote_amount` (whichever side
 * was the maker), with their block position and time. Parameters: $1 network, $2 base, $3 quote; `where`
 * adds conditions on `block_timestamp` (its own parameters follow). Each branch is one range of
 * `trades_by_pair_time` (migration 012).
 */
export function marketTradesSql(where: string): string {
  const branch = (baseSide: 'maker' | 'taker') => {
    const quoteSide = baseSide === 'maker' ? 'taker' : 'maker';
    return `SELECT block_number, log_index, block_timestamp,
        filled_${baseSide} AS base_amount, filled_${quoteSide} AS quote_amount
      FROM trades
      WHERE network = $1 AND ${baseSide}_token = $2 AND ${quoteSide}_token = $3 AND ${where}`;
  };
  return `(${branch('maker')} UNION ALL ${branch('taker')})`;
}

/** One trade's amounts as `base:quote` text, which `parseAmounts` reads back. */
const AMOUNTS = `base_amount::text || ':' || quote_amount::text`;
/** Quote per base, exact enough to order any two prices (see EXACT_PRICE_SCALE). */
const PRICE = `div(quote_amount * ${EXACT_PRICE_SCALE}, base_amount)`;

/**
 * The aggregate columns of a group of market trades: count, volumes, and the amounts of its first, last
 * (by block and log index), highest- and lowest-priced trades. v1 never logs a fill of zero, so every
 * base amount is positive.
 */
export const MARKET_AGGREGATES = `count(*) AS trade_count,
  sum(base_amount)::text AS base_volume,
  sum(quote_amount)::text AS quote_volume,
  (array_agg(${AMOUNTS} ORDER BY block_number, log_index))[1] AS first,
  (array_agg(${AMOUNTS} ORDER BY block_number DESC, log_index DESC))[1] AS last,
  (array_agg(${AMOUNTS} ORDER BY ${PRICE} DESC))[1] AS highest,
  (array_agg(${AMOUNTS} ORDER BY ${PRICE} ASC))[1] AS lowest`;

/** A row of MARKET_AGGREGATES. */
export interface MarketAggregateRow {
  trade_count: number | string;
  base_volume: string | null;
  quote_volume: string | null;
  first: string | null;
  last: string | null;
  highest: string | null;
  lowest: string | null;
}
