import { compareToMarket, formatPercent, type UsdPrice } from '@relayer/protocol';
import { priceStatus } from './priceStatus';

export interface JudgementInput {
  makerTokenAmount: string | bigint;
  makerDecimals: number;
  takerTokenAmount: string | bigint;
  takerDecimals: number;
  /** The maker token's USD price (its market price) and the taker token's. */
  makerPrice: UsdPrice | undefined;
  takerPrice: UsdPrice | undefined;
  maxAgeMs: number;
  now: number;
}

/**
 * The asking price against the market, from the side of whoever would click Take: `below` market is a
 * bargain for the taker (good), `above` costs the taker more than the market price (bad).
 */
export interface PriceJudgement {
  relation: 'below' | 'at' | 'above';
  /** "20.0% below market", "<0.1% above market", "at market". */
  text: string;
  forTaker: 'good' | 'bad' | 'neutral';
  /**
   * Both prices are live market data. Only then is the judgement coloured: against example or stale
   * prices it is shown as a plain remark.
   */
  trusted: boolean;
}

export function judgeAskingPrice(input: JudgementInput): PriceJudgement | undefined {
  const { makerPrice, takerPrice } = input;
  if (!makerPrice || !takerPrice) return undefined;
  const comparison = compareToMarket({
    makerPriceUsd: makerPrice.price,
    takerPriceUsd: takerPrice.price,
    makerTokenAmount: input.makerTokenAmount,
    makerDecimals: input.makerDecimals,
    takerTokenAmount: input.takerTokenAmount,
    takerDecimals: input.takerDecimals,
  });
  if (!comparison) return undefined;
  const trusted = [makerPrice, takerPrice].every(
    (price) => priceStatus(price, input.maxAgeMs, input.now).quality === 'live',
  );
  const { relation } = comparison;
  if (relation === 'at') return { relation, text: 'at market', forTaker: 'neutral', trusted };
  const percent = formatPercent(comparison.difference, 1);
  const shown = percent === '0.0' ? '<0.1' : percent;
  return {
    relation,
    text: `${shown}% ${relation} market`,
    forTaker: relation === 'below' ? 'good' : 'bad',
    trusted,
  };
}
