/** The key of a token contract's price: chain id and lower-case address. */
export function contractKey(chainId: number, address: string): string {
  return `${chainId}:${address.toLowerCase()}`;
}
