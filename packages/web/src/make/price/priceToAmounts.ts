import type { Fraction } from '@relayer/protocol';
import { reduceFraction } from './priceFraction';

/** One side of the order: what the maker gives (maker token) or gets (taker token). */
export type OrderSide = 'maker' | 'taker';

export interface PriceToAmountsInput {
  /** Human units of the quote token per human unit of the other token. */
  price: Fraction;
  /** The token the price is counted in ("WETH per REP": the WETH side). */
  quote: OrderSide;
  /** The side whose amount the maker typed, in base units. */
  typed: OrderSide;
  typedAmount: bigint;
  makerDecimals: number;
  takerDecimals: number;
}

export interface PricedAmounts {
  makerTokenAmount: bigint;
  takerTokenAmount: bigint;
  /** The price the signed amounts carry, quote per other token in human units, in lowest terms. */
  signedPrice: Fraction;
  /** The signed price is the typed one: the decimals forced no rounding. */
  exact: boolean;
}

/**
 * The order's base-unit amounts for a limit price and one side's amount, exactly (bigint rationals).
 * The other side is rounded to a whole base unit in the maker's favour (what they get up, what they
 * give down), so the signed price is never worse for them than the typed one. Undefined when the
 * other side rounds to nothing.
 */
export function priceToAmounts(input: PriceToAmountsInput): PricedAmounts | undefined {
  const { price, quote, typed, typedAmount } = input;
  const decimals = { maker: input.makerDecimals, taker: input.takerDecimals };
  const base: OrderSide = quote === 'maker' ? 'taker' : 'maker';
  const scale = (side: OrderSide) => 10n ** BigInt(decimals[side]);
  // quote base units = other base units × price × 10^quoteDecimals / 10^otherDecimals, and back.
  const [numerator, denominator] =
    typed === base
      ? [typedAmount * price.numerator * scale(quote), price.denominator * scale(base)]
      : [typedAmount * price.denominator * scale(base), price.numerator * scale(quote)];
  const computed = typed === 'maker' ? 'taker' : 'maker';
  const floor = numerator / denominator;
  const other = computed === 'taker' && floor * denominator !== numerator ? floor + 1n : floor;
  if (other === 0n) return undefined;
  const amounts = { [typed]: typedAmount, [computed]: other } as Record<OrderSide, bigint>;
  const signedPrice = reduceFraction({
    numerator: amounts[quote] * scale(base),
    denominator: amounts[base] * scale(quote),
  });
  const typedPrice = reduceFraction(price);
  return {
    makerTokenAmount: amounts.maker,
    takerTokenAmount: amounts.taker,
    signedPrice,
    exact:
      signedPrice.numerator === typedPrice.numerator && signedPrice.denominator === typedPrice.denominator,
  };
}
