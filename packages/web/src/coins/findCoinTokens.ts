import { marketSymbol, type TokenRecord } from '@relayer/protocol';
import { coinForToken } from '../tokens/coinForToken';

/**
 * The relayer's tokens that are a catalogue coin, by address (`coinForToken`): its contract on this
 * network, or a token the registry verified under its symbol; a coin traded through another (ether as
 * WETH) by its market symbol. Known contracts first. A token that only calls itself so is never one.
 */
export function findCoinTokens(
  tokens: readonly TokenRecord[],
  chainId: number,
  coinSymbol: string,
): TokenRecord[] {
  const wanted = coinSymbol.trim().toUpperCase();
  const rank = (token: TokenRecord) => {
    const coin = coinForToken(chainId, token);
    if (coin === undefined) return 0;
    if (coin === wanted) return 2;
    return marketSymbol(coin) === marketSymbol(wanted) ? 1 : 0;
  };
  return tokens
    .map((token) => ({ token, rank: rank(token) }))
    .filter(({ rank: r }) => r > 0)
    .sort((a, b) => b.rank - a.rank)
    .map(({ token }) => token);
}
