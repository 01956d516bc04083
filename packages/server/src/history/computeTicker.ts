import {
  formatSignificant,
  formatTradePrice,
  TICKER_WINDOW_SECONDS,
  type Ticker,
  TRADE_PRICE_SIGNIFICANT_DIGITS,
  tradePriceFraction,
} from '@relayer/protocol';
import type { BestOffers } from '../browse/OpenBook.js';
import type { Queryable } from '../db/Database.js';
import type { MarketTokens } from './MarketTokens.js';
import { MARKET_AGGREGATES, type MarketAggregateRow, marketTradesSql } from './marketTradesSql.js';
import { parseAmounts } from './parseAmounts.js';
import type { TradeAmounts } from './TradeAmounts.js';

export interface TickerInput {
  db: Queryable;
  network: string;
  market: MarketTokens;
  /** The window's end, Unix seconds: it covers trades after `at` - 24 h. */
  at: number;
  best: BestOffers;
}

/**
 * One market's ticker (`tickerSchema`): the window's aggregate over `trades_by_pair_time` and the
 * latest trade ever over `trades_by_pair`, newest by block and log index, each one index range per
 * direction.
 */
export async function computeTicker({ db, network, market, at, best }: TickerInput): Promise<Ticker> {
  const params = [network, market.base, market.quote];
  const [[window], latest] = await Promise.all([
    db.query<MarketAggregateRow>(
      `SELECT ${MARKET_AGGREGATES} FROM ${marketTradesSql('block_timestamp > $4::bigint')} AS market`,
      [...params, at - TICKER_WINDOW_SECONDS],
    ),
    db.query<{ amounts: string; block_timestamp: number | string }>(
      `SELECT base_amount::text || ':' || quote_amount::text AS amounts, block_timestamp
         FROM ${marketTradesSql('true')} AS market ORDER BY block_number DESC, log_index DESC LIMIT 1`,
      params,
    ),
  ]);
  const price = (amounts: TradeAmounts) => formatTradePrice({ ...market, ...amounts });
  const last = latest[0] ? parseAmounts(latest[0].amounts) : undefined;
  const open = window?.first ? parseAmounts(window.first) : undefined;
  const moved = last && open ? change(market, open, last) : undefined;
  return {
    baseTokenAddress: market.base as Ticker['baseTokenAddress'],
    quoteTokenAddress: market.quote as Ticker['quoteTokenAddress'],
    last: last ? price(last) : null,
    lastTradeAt: latest[0] ? Number(latest[0].block_timestamp) : null,
    open: open ? price(open) : null,
    change: moved?.change ?? null,
    changePercent: moved?.percent ?? null,
    high: window?.highest ? price(parseAmounts(window.highest)) : null,
    low: window?.lowest ? price(parseAmounts(window.lowest)) : null,
    baseVolume: window?.base_volume ?? '0',
    quoteVolume: window?.quote_volume ?? '0',
    tradeCount: Number(window?.trade_count ?? 0),
    // A bid gives the quote token for the base; an ask the base for the quote.
    bestBid: best.bid
      ? price({
          baseAmount: BigInt(best.bid.takerTokenAmount),
          quoteAmount: BigInt(best.bid.makerTokenAmount),
        })
      : null,
    bestAsk: best.ask
      ? price({
          baseAmount: BigInt(best.ask.makerTokenAmount),
          quoteAmount: BigInt(best.ask.takerTokenAmount),
        })
      : null,
  };
}

/** last - open from the exact trade prices, and the same as a percentage of open (2 places, half up). */
function change(market: MarketTokens, open: TradeAmounts, last: TradeAmounts) {
  const a = tradePriceFraction({ ...market, ...open });
  const b = tradePriceFraction({ ...market, ...last });
  const numerator = b.numerator * a.denominator - a.numerator * b.denominator;
  const denominator = a.denominator * b.denominator;
  return {
    change: formatSignificant(numerator, denominator, TRADE_PRICE_SIGNIFICANT_DIGITS),
    percent: formatPlaces(numerator * 100n * a.denominator, denominator * a.numerator, 2),
  };
}

/** A signed fraction with exactly `places` decimals or fewer (trailing zeros dropped), half away from zero. */
function formatPlaces(numerator: bigint, denominator: bigint, places: number): string {
  if (denominator === 0n) return '0';
  const negative = numerator < 0n !== denominator < 0n;
  const top = (numerator < 0n ? -numerator : numerator) * 10n ** BigInt(places);
  const bottom = denominator < 0n ? -denominator : denominator;
  let units = top / bottom;
  if (2n * (top % bottom) >= bottom) units += 1n;
  const digits = units.toString().padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places);
  const fraction = digits.slice(digits.length - places).replace(/0+$/, '');
  const text = fraction === '' ? whole : `${whole}.${fraction}`;
  return negative && units !== 0n ? `-${text}` : text;
}
