import { findKnownCoin, type TokenRecord } from '@relayer/protocol';

/**
 * The catalogue symbol of the coin a listed token is, decided by its address as the relayer prices it
 * (`findTokenMarket`): a contract in protocol's known-coin table is that coin whatever it calls itself;
 * otherwise a token the TokenRegistry verified is its registry symbol's coin; a token anyone added is
 * no catalogue coin, so it never wears a coin's icon or links to a coin's page.
 */
export function coinForToken(
  chainId: number,
  token: Pick<TokenRecord, 'address' | 'symbol' | 'verified'>,
): string | undefined {
  const known = findKnownCoin(chainId, token.address);
  if (known) return known.symbol;
  return token.verified ? token.symbol.trim().toUpperCase() : undefined;
}
