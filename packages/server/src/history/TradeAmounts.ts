/** A trade's two sides in a market, base units. */
export interface TradeAmounts {
  baseAmount: bigint;
  quoteAmount: bigint;
}
