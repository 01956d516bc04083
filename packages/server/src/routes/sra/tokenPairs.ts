import { MAX_UINT256, type TokenRecord } from '@relayer/protocol';

/** Price precision advertised for every pair (v0 leaves the value to the relayer). */
export const PAIR_PRECISION = 8;

export interface TokenTradeInfo {
  address: string;
  minAmount: string;
  maxAmount: string;
  precision: number;
}

/**
 * Every pair of listed tokens (the relayer takes an order between any two), each once, in symbol
 * order. With `tokenA` and/or `tokenB` only pairs containing them are kept, oriented so the requested
 * token stands on the requested side. Any base-unit amount from 1 to 2^256 - 1 is accepted.
 */
export function tokenPairs(tokens: readonly TokenRecord[], tokenA?: string, tokenB?: string) {
  const sorted = [...tokens].sort(
    (a, b) => a.symbol.localeCompare(b.symbol) || a.address.localeCompare(b.address),
  );
  const info = (token: TokenRecord): TokenTradeInfo => ({
    address: token.address,
    minAmount: '1',
    maxAmount: MAX_UINT256.toString(),
    precision: PAIR_PRECISION,
  });
  const pairs: { tokenA: TokenTradeInfo; tokenB: TokenTradeInfo }[] = [];
  for (let i = 0; i < sorted.length; i++) {
    for (let j = i + 1; j < sorted.length; j++) {
      let [a, b] = [sorted[i] as TokenRecord, sorted[j] as TokenRecord];
      const has = (address: string | undefined) =>
        address === undefined || a.address === address || b.address === address;
      if (!has(tokenA) || !has(tokenB)) continue;
      if (
        (tokenA !== undefined && b.address === tokenA) ||
        (tokenA === undefined && tokenB !== undefined && a.address === tokenB)
      ) {
        [a, b] = [b, a];
      }
      pairs.push({ tokenA: info(a), tokenB: info(b) });
    }
  }
  return pairs;
}
