/** A market: the token priced (base), the token it is priced in (quote), and their decimals. */
export interface MarketTokens {
  base: string;
  quote: string;
  baseDecimals: number;
  quoteDecimals: number;
}
