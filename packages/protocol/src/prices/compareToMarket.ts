import { assertDecimals } from '../amounts/assertDecimals';
import { parseDecimal } from '../internal/decimal';
import { toUint, type UintLike } from '../internal/uint256';

/** An exact non-negative fraction. */
export interface Fraction {
  numerator: bigint;
  denominator: bigint;
}

export interface MarketComparisonInput {
  /** USD market price of the maker token (what the taker receives), a decimal string. */
  makerPriceUsd: string;
  /** USD market price of the taker token (what the taker pays). */
  takerPriceUsd: string;
  makerTokenAmount: UintLike;
  makerDecimals: number;
  takerTokenAmount: UintLike;
  takerDecimals: number;
}

/**
 * An order's asking price against the market, judged from the taker's side (the one who would take
 * it): `below` = the order asks less USD per maker token than the market price, so taking it is a
 * bargain; `above` = the taker would pay more than the market price. `difference` is
 * |asking - market| / market, exactly and in lowest terms (1/20 = 5 %).
 */
export interface MarketComparison {
  relation: 'below' | 'at' | 'above';
  difference: Fraction;
}

/**
 * Compares asking (takerUSD × takerHuman / makerHuman) with market (makerUSD) as one exact rational:
 * asking / market = takerUSD × takerAmount × 10^makerDecimals / (makerUSD × makerAmount × 10^takerDecimals).
 * Undefined when a price is not a number, the maker token's price is zero, or the order offers nothing.
 */
export function compareToMarket(input: MarketComparisonInput): MarketComparison | undefined {
  assertDecimals(input.makerDecimals);
  assertDecimals(input.takerDecimals);
  const maker = parseDecimal(input.makerPriceUsd);
  const taker = parseDecimal(input.takerPriceUsd);
  const makerAmount = toUint('makerTokenAmount', input.makerTokenAmount);
  const takerAmount = toUint('takerTokenAmount', input.takerTokenAmount);
  if (!maker || !taker || maker.units === 0n || makerAmount === 0n) return undefined;
  const asking = taker.units * takerAmount * 10n ** BigInt(input.makerDecimals + maker.scale);
  const market = maker.units * makerAmount * 10n ** BigInt(input.takerDecimals + taker.scale);
  const relation = asking < market ? 'below' : asking > market ? 'above' : 'at';
  const gap = asking < market ? market - asking : asking - market;
  const divisor = gcd(gap, market);
  return { relation, difference: { numerator: gap / divisor, denominator: market / divisor } };
}

function gcd(a: bigint, b: bigint): bigint {
  let [x, y] = [a, b];
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}
