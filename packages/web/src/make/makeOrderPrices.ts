import {
  compareToMarket,
  formatPercent,
  formatUsd,
  getAskingPrice,
  type TokenPrice,
  type TokenRecord,
} from '@relayer/protocol';
import { judgeAskingPrice, type PriceJudgement } from '../prices/judgeAskingPrice';
import type { PriceFieldValue } from '../shared/fields/PriceFields';

export interface MakeOrderPrices {
  market: PriceFieldValue;
  asking: PriceFieldValue;
  judgement: PriceJudgement | undefined;
  /**
   * How much less the maker gets than the market value of what they give ("7.3"), when that is more
   * than FAR_FROM_MARKET_PERCENT and both prices are live market data; undefined otherwise.
   */
  farBelowMarketPercent: string | undefined;
}

/** A price this much worse for the maker than the market is warned about in words. */
export const FAR_FROM_MARKET_PERCENT = 5n;

/**
 * The form's live prices, by token address: the maker token's market price, the asking price the
 * order's base-unit amounts give, and how that compares with the market.
 */
export function makeOrderPrices(
  amounts: { makerTokenAmount?: bigint; takerTokenAmount?: bigint },
  maker: TokenRecord | undefined,
  taker: TokenRecord | undefined,
  prices: { tokenPrice(address: string): TokenPrice | undefined; maxAgeMs: number; now: number },
): MakeOrderPrices {
  const makerPrice = maker ? prices.tokenPrice(maker.address) : undefined;
  const takerPrice = taker ? prices.tokenPrice(taker.address) : undefined;
  const market = { text: formatUsd(makerPrice?.price, 3), basis: makerPrice };
  const none = {
    market,
    asking: { text: formatUsd(undefined), basis: undefined },
    judgement: undefined,
    farBelowMarketPercent: undefined,
  };
  const { makerTokenAmount, takerTokenAmount } = amounts;
  if (!maker || !taker || makerTokenAmount === undefined || takerTokenAmount === undefined) return none;
  const signed = {
    makerTokenAmount,
    makerDecimals: maker.decimals,
    takerTokenAmount,
    takerDecimals: taker.decimals,
  };
  const asking = takerPrice
    ? getAskingPrice({ takerSymbolPriceUsd: takerPrice.price, ...signed })
    : undefined;
  const judgement = judgeAskingPrice({
    ...signed,
    makerPrice,
    takerPrice,
    maxAgeMs: prices.maxAgeMs,
    now: prices.now,
  });
  return {
    market,
    asking: { text: formatUsd(asking, 3), basis: asking === undefined ? undefined : takerPrice },
    judgement,
    farBelowMarketPercent:
      judgement?.trusted && makerPrice && takerPrice
        ? farBelowMarket({ ...signed, makerPriceUsd: makerPrice.price, takerPriceUsd: takerPrice.price })
        : undefined,
  };
}

/**
 * "Below market" from the taker's side is the maker getting less than the market value of what they
 * give, whichever token the price is quoted in.
 */
function farBelowMarket(input: Parameters<typeof compareToMarket>[0]): string | undefined {
  const comparison = compareToMarket(input);
  if (comparison?.relation !== 'below') return undefined;
  const { numerator, denominator } = comparison.difference;
  return numerator * 100n > FAR_FROM_MARKET_PERCENT * denominator
    ? formatPercent(comparison.difference, 1)
    : undefined;
}
