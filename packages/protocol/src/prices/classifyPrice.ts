import { compareDecimals, parseDecimal } from '../internal/decimal';

export type PriceClass = 'good' | 'bad';

/**
 * SPEC §9 taken literally: "good" iff the asking price is above the market price, "bad" otherwise
 * whenever there is an asking price, including when the market price is unknown (nothing shows the
 * order to be good). No asking price, no class.
 */
export function classifyPrice(
  asking: string | undefined,
  market: string | undefined,
): PriceClass | undefined {
  const askingValue = asking === undefined ? undefined : parseDecimal(asking);
  if (!askingValue) return undefined;
  const marketValue = market === undefined ? undefined : parseDecimal(market);
  return marketValue && compareDecimals(askingValue, marketValue) > 0 ? 'good' : 'bad';
}
