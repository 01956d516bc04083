/** USD market prices by upper-case market symbol (ETH, not WETH), as decimal strings from the ticker. */
export type Rates = Record<string, string>;
