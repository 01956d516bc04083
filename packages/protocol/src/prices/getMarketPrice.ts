import { marketSymbol } from './marketSymbol';
import { parsePrice } from './parsePrice';
import type { Rates } from './Rates';

/** The USD market price of a token symbol as an exact decimal string, undefined when unknown. */
export function getMarketPrice(rates: Rates, symbol: string): string | undefined {
  const key = marketSymbol(symbol);
  // hasOwn: a symbol such as CONSTRUCTOR must not find Object.prototype members.
  return Object.hasOwn(rates, key) ? parsePrice(rates[key]) : undefined;
}
