import type { OrderSortField } from '@relayer/protocol';

/** What the derived sort keys read besides the row, each bound as one jsonb parameter (O(log n) per look-up). */
export interface SortInputs {
  /** JSON map of lower-case token address -> USD × 10^24 as an integer string (the network's `/rates` prices). */
  prices: string;
  /** JSON map of lower-case token address -> decimals, for every listed token. */
  decimals: string;
  /** Changes whenever the prices do: part of any cache key of a price-sorted page. */
  version: number;
}

/** Fraction digits the price sort keys keep: USD below 10^-24 per token compares as zero (then by hash). */
export const SORT_PRICE_DIGITS = 24;

/**
 * Columns sorted as stored. Each has a partial index `(network, column, hash) WHERE state = 'open'` for
 * the book and `(network, state, column, hash) WHERE state <> 'open'` for the history (migration 003).
 */
const STORED: Partial<Record<OrderSortField, string>> = {
  makerFee: 'maker_fee',
  takerFee: 'taker_fee',
  makerTokenAmount: 'maker_token_amount',
  takerTokenAmount: 'taker_token_amount',
  makerToken: 'maker_token_symbol',
  takerToken: 'taker_token_symbol',
  expirationUnixTimestampSec: 'expiration',
  createdAt: 'created_at',
};

/**
 * The SQL key of a sort, over a row of `orders` (its cursor type: `SORT_KEY_TYPE` in orderCursor). Stored columns sort through their indexes; the derived keys are computed per
 * row of the filtered book (no index: the in-memory read model is where they get one):
 * - `makerAmount`/`takerAmount`: the human amount, amount × 10^-decimals, exact (numeric multiplication
 *   keeps every digit; at most 79 characters as a cursor key);
 * - `marketPrice`: the maker token's USD price; `askingPrice`: USD asked per maker token, takerUSD ×
 *   takerAmount × 10^makerDecimals / (makerAmount × 10^takerDecimals), both × 10^24 as integers, the
 *   asking price capped at 10^75 (absurd prices tie) so a key stays within uint256's digits. Priced keys
 *   are shifted up by one so that 0 and 10^77 are free to put unpriced orders last in either direction
 *   (a cursor is bound to its direction, so the sentinel is stable while paging).
 * A token's decimals come from `inputs` (the token list in memory), else from the `tokens` table (a
 * token listed since that list was read), else 0: tokens are never deleted, but a missing one must not
 * make a NULL key, which no keyset comparison could page past.
 */
export function orderSortKey(
  sort: OrderSortField,
  direction: 'asc' | 'desc',
  bind: (value: unknown) => string,
  inputs: SortInputs | undefined,
): string {
  const stored = STORED[sort];
  if (stored) return stored;
  const once = (value: string) => {
    let name: string | undefined;
    return () => {
      name ??= bind(value);
      return name;
    };
  };
  const decimalsParam = once(inputs?.decimals ?? '{}');
  const pricesParam = once(inputs?.prices ?? '{}');
  const decimals = (column: string) =>
    `COALESCE((${decimalsParam()}::jsonb ->> ${column})::int,
      (SELECT t.decimals FROM tokens t WHERE t.network = orders.network AND t.address = orders.${column}), 0)`;
  if (sort === 'makerAmount' || sort === 'takerAmount') {
    const side = sort === 'makerAmount' ? 'maker' : 'taker';
    return `(${side}_token_amount * ('1e-' || ${decimals(`${side}_token`)})::numeric)`;
  }
  const price = (column: string) => `(${pricesParam()}::jsonb ->> ${column})::numeric`;
  // LEAST ignores NULLs, so an unpriced (or empty) order is NULL before the cap, not capped.
  const priced =
    sort === 'marketPrice'
      ? price('maker_token')
      : `CASE WHEN ${price('taker_token')} IS NULL OR maker_token_amount = 0 THEN NULL
          ELSE LEAST(div(${price('taker_token')} * taker_token_amount * ('1e' || ${decimals('maker_token')})::numeric,
            maker_token_amount * ('1e' || ${decimals('taker_token')})::numeric), 1e75) END`;
  const unpriced = direction === 'asc' ? '1e77' : '0';
  return `COALESCE(${priced} + 1, ${unpriced})`;
}

/** Whether a sort depends on prices (its pages change when they do). */
export function isPriceSort(sort: OrderSortField): boolean {
  return sort === 'marketPrice' || sort === 'askingPrice';
}

/** Whether a sort reads `SortInputs` (decimals or prices). */
export function isDerivedSort(sort: OrderSortField): boolean {
  return STORED[sort] === undefined;
}
