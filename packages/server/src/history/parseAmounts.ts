import type { TradeAmounts } from './TradeAmounts.js';

/** `base:quote` text as `MARKET_AGGREGATES` selects it. */
export function parseAmounts(text: string): TradeAmounts {
  const [base = '', quote = ''] = text.split(':');
  return { baseAmount: BigInt(base), quoteAmount: BigInt(quote) };
}
