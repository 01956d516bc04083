/**
 * How the tickers name a market of two tokens: priced in wrapped ether when it is one of them (as the
 * web app's markets are), otherwise the lower address is the base.
 */
export function orientMarket(a: string, b: string, weth: string): { base: string; quote: string } {
  if (a === weth) return { base: b, quote: a };
  if (b === weth) return { base: a, quote: b };
  return a < b ? { base: a, quote: b } : { base: b, quote: a };
}
