import type { Fraction, LogErrorId, TokenRecord } from '@relayer/protocol';
import { formatExactAmount } from '../format/amounts';
import { shortenAddress } from '../format/shortenAddress';
import { displaySymbol } from '../tokens/trust/displaySymbol';
import type { MarketFills } from './decodeMarketFills';
import { formatSignificant, quotePerBase } from './exactPrice';
import type { MarketSide } from './marketOrderQuery';
import type { ReviewRow } from './reviewMarketQuote';

/** Why the Exchange skipped an order, mid-sentence (its LogError id, PROTOCOL.md §6). */
const skipReasons: Record<LogErrorId, string> = {
  0: 'it had expired',
  1: 'it was already filled or cancelled',
  2: 'its fill would have rounded by more than 0.1%',
  3: 'its maker (or you) no longer held or had approved enough',
};

export interface MarketResult {
  /** What was traded, for what, at what average price; or that nothing was. */
  summary: string;
  /** One sentence per order the Exchange skipped. */
  skipped: string[];
}

/** The result of a mined market order in words, from its fills and the review's rows (for the makers). */
export function describeMarketResult({
  fills,
  side,
  base,
  quote,
  rows,
}: {
  fills: MarketFills;
  side: MarketSide;
  base: TokenRecord;
  quote: TokenRecord;
  rows: readonly ReviewRow[];
}): MarketResult {
  const baseSymbol = displaySymbol(base);
  const quoteSymbol = displaySymbol(quote);
  const makerOf = new Map(rows.map((row) => [row.orderHash.toLowerCase(), row.maker]));
  const skipped = fills.orders.flatMap((order) =>
    order.kind === 'skipped'
      ? [
          `Skipped the order of maker ${shortenAddress(makerOf.get(order.orderHash.toLowerCase()) ?? '')}: ${skipReasons[order.errorId]}.`,
        ]
      : [],
  );
  const [baseAmount, quoteAmount] =
    side === 'buy' ? [fills.received, fills.paid] : [fills.paid, fills.received];
  if (baseAmount === 0n) return { summary: 'Nothing was traded: the Exchange skipped every order.', skipped };
  const average: Fraction = quotePerBase({
    baseAmount,
    quoteAmount,
    baseDecimals: base.decimals,
    quoteDecimals: quote.decimals,
  });
  const verb = side === 'buy' ? 'Bought' : 'Sold';
  const summary = `${verb} ${formatExactAmount(baseAmount, base.decimals)} ${baseSymbol} for ${formatExactAmount(quoteAmount, quote.decimals)} ${quoteSymbol}, an average price of ${formatSignificant(average)} ${quoteSymbol} per ${baseSymbol}.`;
  return { summary, skipped };
}
