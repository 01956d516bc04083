/** One entry of a token list (the Uniswap token-lists format), as far as the relayer reads it. */
export interface TokenListEntry {
  chainId: number;
  address: string;
  name: string;
  symbol: string;
  decimals: number;
  logoURI?: string;
}

/** A token list that passed the token-lists schema. */
export interface TokenList {
  name: string;
  timestamp: string;
  version: { major: number; minor: number; patch: number };
  tokens: TokenListEntry[];
  logoURI?: string;
  keywords?: string[];
}
