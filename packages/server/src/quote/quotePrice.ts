/** Significant digits a quote's prices are written with. */
const SIGNIFICANT = 18;
const LOW = 10n ** BigInt(SIGNIFICANT - 1);
const HIGH = 10n ** BigInt(SIGNIFICANT);

export interface QuotePriceInput {
  /** Base units of the token received (buyToken). */
  buy: bigint;
  /** Base units of the token paid (sellToken); above 0. */
  sell: bigint;
  buyDecimals: number;
  sellDecimals: number;
}

/**
 * buyToken per whole sellToken, decimals applied, as an exact decimal string rounded down to 18
 * significant digits: (buy / 10^buyDecimals) / (sell / 10^sellDecimals), written without exponent or
 * trailing zeros.
 */
export function quotePrice({ buy, sell, buyDecimals, sellDecimals }: QuotePriceInput): string {
  const numerator = buy * 10n ** BigInt(sellDecimals);
  const denominator = sell * 10n ** BigInt(buyDecimals);
  if (numerator === 0n) return '0';
  // 10^shift × numerator / denominator has 18 digits before the point: the guess from the lengths is
  // off by at most one.
  let shift = SIGNIFICANT - 1 - (numerator.toString().length - denominator.toString().length);
  const digits = (k: number) =>
    k >= 0 ? (numerator * 10n ** BigInt(k)) / denominator : numerator / (denominator * 10n ** BigInt(-k));
  let units = digits(shift);
  if (units >= HIGH) units = digits(--shift);
  else if (units < LOW) units = digits(++shift);
  return shift <= 0 ? (units * 10n ** BigInt(-shift)).toString() : withPoint(units, shift);
}

/** `units / 10^scale` as a plain decimal without trailing fraction zeros. */
function withPoint(units: bigint, scale: number): string {
  const text = units.toString().padStart(scale + 1, '0');
  const whole = text.slice(0, text.length - scale);
  const fraction = text.slice(text.length - scale).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}
