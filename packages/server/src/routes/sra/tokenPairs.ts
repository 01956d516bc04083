import { MAX_UINT256, type TokenRecord } from '@relayer/protocol';

/** Price precision advertised for every pair (v0 leaves the value to the relayer). */
export const PAIR_PRECISION = 8;

export interface TokenTradeInfo {
  address: string;
  minAmount: string;
  maxAmount: string;
  precision: number;
}

export interface TokenPair {
  tokenA: TokenTradeInfo;
  tokenB: TokenTradeInfo;
}

export interface TokenPairsPage {
  /** How many pairs match in all. */
  total: number;
  pairs: TokenPair[];
}

/** Sorted token lists by the list they came from: the directory hands out one array per refresh. */
const sortedLists = new WeakMap<readonly TokenRecord[], TokenRecord[]>();

/**
 * One page of the tradable pairs (SRA v0 `GET /v0/token_pairs`): every pair of listed tokens (the relayer
 * takes an order between any two) once, in symbol order, i.e. pair (i, j) for i < j of the sorted list.
 * With `tokenA` and/or `tokenB` only pairs containing them are kept, oriented so the requested token
 * stands on the requested side. Any base-unit amount from 1 to 2^256 - 1 is accepted.
 *
 * The n(n-1)/2 pairs are never built: a page is computed from its position, so its cost is the sort
 * (once per token list) plus the page, whatever the number of tokens or the page asked for.
 */
export function tokenPairs(
  tokens: readonly TokenRecord[],
  tokenA: string | undefined,
  tokenB: string | undefined,
  offset: number,
  limit: number,
): TokenPairsPage {
  let sorted = sortedLists.get(tokens);
  if (!sorted) {
    sorted = [...tokens].sort(
      (a, b) => a.symbol.localeCompare(b.symbol) || a.address.localeCompare(b.address),
    );
    sortedLists.set(tokens, sorted);
  }
  const info = (token: TokenRecord): TokenTradeInfo => ({
    address: token.address,
    minAmount: '1',
    maxAmount: MAX_UINT256.toString(),
    precision: PAIR_PRECISION,
  });
  const pair = (a: TokenRecord, b: TokenRecord): TokenPair => ({ tokenA: info(a), tokenB: info(b) });
  const n = sorted.length;
  const indexOf = (address: string) => sorted.findIndex((t) => t.address === address);

  if (tokenA !== undefined || tokenB !== undefined) {
    const a = tokenA === undefined ? -1 : indexOf(tokenA);
    const b = tokenB === undefined ? -1 : indexOf(tokenB);
    if ((tokenA !== undefined && a < 0) || (tokenB !== undefined && b < 0)) return { total: 0, pairs: [] };
    if (a >= 0 && b >= 0) {
      const pairs = a === b ? [] : [pair(sorted[a] as TokenRecord, sorted[b] as TokenRecord)];
      return { total: pairs.length, pairs: pairs.slice(offset, offset + limit) };
    }
    // One token given: its n - 1 partners in list order, the given token on its requested side.
    const fixed = a >= 0 ? a : b;
    const others = sorted.filter((_, i) => i !== fixed).slice(offset, offset + limit);
    const token = sorted[fixed] as TokenRecord;
    return {
      total: n - 1,
      pairs: others.map((other) => (a >= 0 ? pair(token, other) : pair(other, token))),
    };
  }

  // Pair k of the enumeration (0,1), (0,2), …, (0,n-1), (1,2), …: row i holds n - 1 - i pairs.
  const total = n < 2 ? 0 : (n * (n - 1)) / 2;
  const pairs: TokenPair[] = [];
  let i = 0;
  let skipped = 0;
  while (i < n - 1 && skipped + (n - 1 - i) <= offset) {
    skipped += n - 1 - i;
    i += 1;
  }
  let j = i + 1 + (offset - skipped);
  while (pairs.length < limit && i < n - 1) {
    if (j >= n) {
      i += 1;
      j = i + 1;
      continue;
    }
    pairs.push(pair(sorted[i] as TokenRecord, sorted[j] as TokenRecord));
    j += 1;
  }
  return { total, pairs };
}
