import type { OrderSortField } from '@relayer/protocol';

/** USD prices for the price sorts: USD × 10^24 as an integer string, by lower-case token address. */
export interface SortPrices {
  /** `JSON.stringify` of that map: bound as one jsonb parameter, looked up per row in O(log n). */
  json: string;
  /** Changes whenever the prices do: part of any cache key of a price-sorted page. */
  version: number;
}

/** Fraction digits the price sort keys keep: USD below 10^-24 per token compares as zero (then by hash). */
export const SORT_PRICE_DIGITS = 24;

export interface SortKey {
  /** SQL of the key, over a row of `orders`. */
  sql: string;
  /** The type a cursor's key is cast to. */
  type: 'numeric' | 'text' | 'bigint';
}

/** Columns sorted as stored; each has a partial index `(network, column, hash) WHERE state = 'open'`. */
const STORED: Partial<Record<OrderSortField, SortKey>> = {
  makerFee: { sql: 'maker_fee', type: 'numeric' },
  takerFee: { sql: 'taker_fee', type: 'numeric' },
  makerTokenAmount: { sql: 'maker_token_amount', type: 'numeric' },
  takerTokenAmount: { sql: 'taker_token_amount', type: 'numeric' },
  makerToken: { sql: 'maker_token_symbol', type: 'text' },
  takerToken: { sql: 'taker_token_symbol', type: 'text' },
  expirationUnixTimestampSec: { sql: 'expiration', type: 'numeric' },
  createdAt: { sql: 'created_at', type: 'bigint' },
};

// A token's decimals. Tokens are never deleted and an order's tokens were listed when it was accepted;
// were one missing all the same, its amounts count as base units (as the web app shows them) rather
// than as NULL, which no keyset comparison could page past.
const decimals = (column: string) =>
  `COALESCE((SELECT t.decimals FROM tokens t WHERE t.network = orders.network AND t.address = orders.${column}), 0)`;
// amount × 10^-decimals: numeric multiplication keeps every digit (the scale is the decimals), so the
// human amount is exact; at most 79 characters as a cursor key.
const human = (amount: string, token: string) => `(${amount} * ('1e-' || ${decimals(token)})::numeric)`;
const tenTo = (token: string) => `('1e' || ${decimals(token)})::numeric`;

/**
 * The SQL key of a sort. Stored columns sort through their indexes; the derived keys are computed per
 * row of the filtered book (no index: the in-memory read model is where they get one):
 * - `makerAmount`/`takerAmount`: the human amount, exact;
 * - `marketPrice`: the maker token's USD price; `askingPrice`: USD asked per maker token, takerUSD ×
 *   takerAmount × 10^makerDecimals / (makerAmount × 10^takerDecimals), both × 10^24 as integers, the
 *   asking price capped at 10^75 (absurd prices tie) so a key stays within uint256's digits. Priced keys
 *   are shifted up by one so that 0 and 10^77 are free to put unpriced orders last in either direction
 *   (a cursor is bound to its direction, so the sentinel is stable while paging).
 */
export function orderSortKey(
  sort: OrderSortField,
  direction: 'asc' | 'desc',
  bind: (value: unknown) => string,
  prices: SortPrices | undefined,
): SortKey {
  const stored = STORED[sort];
  if (stored) return stored;
  if (sort === 'makerAmount') return { sql: human('maker_token_amount', 'maker_token'), type: 'numeric' };
  if (sort === 'takerAmount') return { sql: human('taker_token_amount', 'taker_token'), type: 'numeric' };
  const unpriced = direction === 'asc' ? '1e77' : '0';
  const price = (token: string) => `(${bind(prices?.json ?? '{}')}::jsonb ->> ${token})::numeric`;
  // LEAST ignores NULLs, so the cap applies inside a subquery that yields no row (NULL) when unpriced.
  const asking = () => `(SELECT LEAST(q, 1e75) FROM (SELECT div(${price('taker_token')} * taker_token_amount *
    ${tenTo('maker_token')}, NULLIF(maker_token_amount, 0) * ${tenTo('taker_token')}) AS q) AS k WHERE q IS NOT NULL)`;
  const priced = sort === 'marketPrice' ? price('maker_token') : asking();
  return { sql: `COALESCE(${priced} + 1, ${unpriced})`, type: 'numeric' };
}

/** Whether a sort depends on prices (its pages change when they do). */
export function isPriceSort(sort: OrderSortField): boolean {
  return sort === 'marketPrice' || sort === 'askingPrice';
}
