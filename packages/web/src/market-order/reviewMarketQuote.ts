import type { Address, Fraction, Hex, QuoteResponse } from '@relayer/protocol';
import { baseUnits } from '../format/amounts';
import { compareFractions, multiplyFractions, quotePerBase, relativeChange } from './exactPrice';
import type { MarketOrderRequest } from './marketOrderQuery';

/** One order the quote uses, in the market's terms. */
export interface ReviewRow {
  orderHash: Hex;
  maker: Address;
  /** Base tokens this fill buys (or sells), base units. */
  baseAmount: bigint;
  /** Quote tokens it pays (or receives), base units. */
  quoteAmount: bigint;
  /** The order's own price (its signed amounts), quote per base. */
  price: Fraction;
  takerFee: bigint;
}

export type ReviewRefusal =
  /** No order on that side of the book. */
  | { kind: 'empty' }
  /** Only `available` base units of the asked amount can be traded now. */
  | { kind: 'incomplete'; available: bigint }
  /** The worst order's price lies beyond the trader's bound (`limit`). */
  | { kind: 'beyondBound' };

export interface MarketReview {
  rows: ReviewRow[];
  /** Base tokens bought (or sold) in all, and quote tokens paid (or received). */
  baseAmount: bigint;
  quoteAmount: bigint;
  /** ZRX the taker pays in all. */
  takerFee: bigint;
  /** Prices in quote per base; undefined when no order is used. */
  average?: Fraction;
  best?: Fraction;
  worst?: Fraction;
  /** How much worse than the best price the average and the worst are (fractions of the best). */
  averageChange?: Fraction;
  worstChange?: Fraction;
  /** The worst price the bound accepts. */
  limit?: Fraction;
  refusal?: ReviewRefusal;
}

/**
 * The review's figures from a quote, exactly: what each order gives, the totals, the average, best and
 * worst price (a buyer's worse is higher, a seller's lower), how far they lie from the best, and why
 * the trade must not be sent: nothing to trade, less than asked, or a worst price beyond the bound.
 */
export function reviewMarketQuote(
  quote: QuoteResponse,
  request: Pick<MarketOrderRequest, 'side' | 'base' | 'quote' | 'amount'>,
  bound: Fraction,
): MarketReview {
  const buying = request.side === 'buy';
  const decimals = { baseDecimals: request.base.decimals, quoteDecimals: request.quote.decimals };
  const rows = quote.orders.map((used): ReviewRow => {
    const taker = baseUnits(used.fillTakerAmount);
    const maker = baseUnits(used.makerAmount);
    const signedMaker = baseUnits(used.order.makerTokenAmount);
    const signedTaker = baseUnits(used.order.takerTokenAmount);
    return {
      orderHash: used.orderHash,
      maker: used.order.maker,
      baseAmount: buying ? maker : taker,
      quoteAmount: buying ? taker : maker,
      price: quotePerBase({
        baseAmount: buying ? signedMaker : signedTaker,
        quoteAmount: buying ? signedTaker : signedMaker,
        ...decimals,
      }),
      takerFee: baseUnits(used.takerFee),
    };
  });
  const baseAmount = rows.reduce((sum, row) => sum + row.baseAmount, 0n);
  const quoteAmount = rows.reduce((sum, row) => sum + row.quoteAmount, 0n);
  const takerFee = rows.reduce((sum, row) => sum + row.takerFee, 0n);
  const totals = { rows, baseAmount, quoteAmount, takerFee };
  if (rows.length === 0 || baseAmount === 0n) return { ...totals, refusal: { kind: 'empty' } };

  // Better for a buyer is lower, for a seller higher.
  const worse = (a: Fraction, b: Fraction) =>
    buying ? compareFractions(a, b) > 0 : compareFractions(a, b) < 0;
  const prices = rows.map((row) => row.price);
  const best = prices.reduce((a, b) => (worse(a, b) ? b : a));
  const worst = prices.reduce((a, b) => (worse(a, b) ? a : b));
  const average = quotePerBase({ baseAmount, quoteAmount, ...decimals });
  const limit = multiplyFractions(best, {
    numerator: bound.denominator + (buying ? bound.numerator : -bound.numerator),
    denominator: bound.denominator,
  });
  const figures = {
    ...totals,
    average,
    best,
    worst,
    averageChange: relativeChange(average, best),
    worstChange: relativeChange(worst, best),
    limit,
  };
  if (!quote.complete) {
    return {
      ...figures,
      refusal: { kind: 'incomplete', available: request.amount - baseUnits(quote.shortfall) },
    };
  }
  if (worse(worst, limit)) return { ...figures, refusal: { kind: 'beyondBound' } };
  return figures;
}
