/** A token's ERC-20 metadata as one tuple: name, symbol, decimals. */
export async function readMetadata(token: {
  read: { name(): Promise<string>; symbol(): Promise<string>; decimals(): Promise<number> };
}): Promise<[string, string, number]> {
  return [await token.read.name(), await token.read.symbol(), await token.read.decimals()];
}
