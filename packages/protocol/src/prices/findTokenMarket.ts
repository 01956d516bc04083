import { findKnownCoin } from './findKnownCoin';
import { marketSymbol } from './marketSymbol';

/** A token as the relayer lists it on one network. */
export interface MarketToken {
  chainId: number;
  address: string;
  symbol: string;
  /** In the network's TokenRegistry (`GET /token`'s `verified`). */
  verified: boolean;
}

/**
 * Why a token takes a market's price: `knownAddress` = its contract is in the built-in table of known
 * coins; `registry` = the network's TokenRegistry lists it under that symbol.
 */
export type MarketBasis = 'knownAddress' | 'registry';

export interface TokenMarket {
  /** The market symbol whose USD price the token takes ('ETH' for wrapped ether). */
  market: string;
  basis: MarketBasis;
}

/**
 * Which market price a token may carry, decided by its address: a contract in the known-coin table is
 * that coin; otherwise a token the TokenRegistry verified is its registry symbol's market (WETH as ETH);
 * anything else - a token anyone added, whatever symbol it claims - has no market price (a price
 * source may still price its contract address). So a fake "WETH" never inherits ether's price.
 */
export function findTokenMarket(token: MarketToken): TokenMarket | undefined {
  const known = findKnownCoin(token.chainId, token.address);
  if (known) return { market: known.market, basis: 'knownAddress' };
  if (!token.verified) return undefined;
  const market = marketSymbol(token.symbol);
  return market === '' ? undefined : { market, basis: 'registry' };
}
