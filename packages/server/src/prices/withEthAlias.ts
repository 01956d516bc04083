/** SPEC §3: wrapped ether is shown as ETH, so WETH always carries ETH's price. */
export function withEthAlias(rates: Record<string, string>): Readonly<Record<string, string>> {
  const eth = rates.ETH;
  return Object.freeze(eth === undefined ? { ...rates } : { ...rates, WETH: eth });
}
