import { assertDecimals } from '../amounts/assertDecimals';
import { decimalToString, divideToDecimal, parseDecimal } from '../internal/decimal';
import { toUint, type UintLike } from '../internal/uint256';

/** Fraction digits kept in computed prices (rounded half-up); ample for any USD display. */
export const PRICE_DECIMALS = 18;

export interface AskingPriceInput {
  /** USD price of the taker token (what the maker wants), a decimal string; undefined when unknown. */
  takerSymbolPriceUsd: string | undefined;
  makerTokenAmount: UintLike;
  makerDecimals: number;
  takerTokenAmount: UintLike;
  takerDecimals: number;
}

/**
 * What the maker asks per maker token, in USD: takerUSD × takerHuman / makerHuman, computed as one exact
 * rational (scaled bigints, no floats) and rounded half-up to 18 fraction digits. Undefined when the
 * taker token's price is unknown or the order offers nothing.
 */
export function getAskingPrice(input: AskingPriceInput): string | undefined {
  assertDecimals(input.makerDecimals);
  assertDecimals(input.takerDecimals);
  const price = input.takerSymbolPriceUsd === undefined ? undefined : parseDecimal(input.takerSymbolPriceUsd);
  const makerAmount = toUint('makerTokenAmount', input.makerTokenAmount);
  const takerAmount = toUint('takerTokenAmount', input.takerTokenAmount);
  if (!price || makerAmount === 0n) return undefined;
  const numerator = price.units * takerAmount * 10n ** BigInt(input.makerDecimals);
  const denominator = makerAmount * 10n ** BigInt(price.scale + input.takerDecimals);
  return decimalToString(divideToDecimal(numerator, denominator, PRICE_DECIMALS));
}
