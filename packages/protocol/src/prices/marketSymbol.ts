/** The symbol a token trades under on market-data services: upper case, wrapped ether as ETH. */
export function marketSymbol(symbol: string): string {
  const upper = symbol.trim().toUpperCase();
  return upper === 'WETH' ? 'ETH' : upper;
}
