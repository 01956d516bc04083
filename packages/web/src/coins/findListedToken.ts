import { marketSymbol, type TokenRecord } from '@relayer/protocol';

/**
 * The relayer's token for a coin symbol: an exact symbol match first, else one with the same market
 * symbol (ETH is traded as WETH). Verified tokens win over user-added ones of the same symbol.
 */
export function findListedToken(tokens: readonly TokenRecord[], symbol: string): TokenRecord | undefined {
  const ranked = [...tokens].sort((a, b) => Number(b.verified) - Number(a.verified));
  const upper = symbol.trim().toUpperCase();
  return (
    ranked.find((token) => token.symbol.trim().toUpperCase() === upper) ??
    ranked.find((token) => marketSymbol(token.symbol) === marketSymbol(upper))
  );
}
