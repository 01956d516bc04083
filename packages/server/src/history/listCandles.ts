import { type Candle, formatTradePrice } from '@relayer/protocol';
import type { Queryable } from '../db/Database.js';
import type { CandleRange } from './candleRange.js';
import type { MarketTokens } from './MarketTokens.js';
import { MARKET_AGGREGATES, type MarketAggregateRow, marketTradesSql } from './marketTradesSql.js';
import { parseAmounts } from './parseAmounts.js';

/**
 * The candles of a market over `range`, oldest first, aggregated by the database from the recorded
 * trades (a re-org's deleted trades are gone from them at once). An interval without trades has none.
 */
export async function listCandles(
  db: Queryable,
  network: string,
  market: MarketTokens,
  range: Pick<CandleRange, 'seconds' | 'from' | 'to'>,
): Promise<Candle[]> {
  const trades = marketTradesSql('block_timestamp BETWEEN $5::bigint AND $6::bigint');
  const rows = await db.query<MarketAggregateRow & { start: number | string }>(
    `SELECT (block_timestamp / $4::bigint) * $4::bigint AS start, ${MARKET_AGGREGATES}
       FROM ${trades} AS market GROUP BY 1 ORDER BY 1`,
    [network, market.base, market.quote, range.seconds, range.from, range.to + range.seconds - 1],
  );
  const price = (text: string | null) => formatTradePrice({ ...market, ...parseAmounts(text ?? '') });
  return rows.map((row) => ({
    start: Number(row.start),
    open: price(row.first),
    high: price(row.highest),
    low: price(row.lowest),
    close: price(row.last),
    baseVolume: row.base_volume ?? '0',
    quoteVolume: row.quote_volume ?? '0',
    tradeCount: Number(row.trade_count),
  }));
}
