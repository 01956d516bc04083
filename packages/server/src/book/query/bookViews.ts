import { NULL_ADDRESS } from '@relayer/protocol';
import type { SraOrderFilters } from '../../orders/findSraOrders.js';
import type { OrderFilterQuery } from '../../orders/orderFilters.js';
import type { SortedView } from '../index/SortedView.js';
import type { BookOrder } from '../model/BookOrder.js';
import type { NetworkBook } from '../model/NetworkBook.js';
import type { PairBook } from '../model/PairBook.js';
import {
  compareCreated,
  compareSraPrice,
  SORT_ORDERINGS,
  type StoredSortField,
} from '../sort/bookOrderings.js';
import { ArrayView, EMPTY_VIEW } from './ArrayView.js';
import type { BookView } from './BookView.js';
import { IndexView } from './IndexView.js';
import { UnionView } from './UnionView.js';

interface TokenFilters {
  makerTokenAddress?: string | undefined;
  takerTokenAddress?: string | undefined;
  tokenAddress?: string | undefined;
  baseTokenAddress?: string | undefined;
  quoteTokenAddress?: string | undefined;
}

/** Whether an order passes the token filters (the SQL conditions of `orderFilters`, in memory). */
function matchesTokens(order: BookOrder, filters: TokenFilters): boolean {
  const { makerTokenAddress: m, takerTokenAddress: t, tokenAddress: x } = filters;
  const { baseTokenAddress: base, quoteTokenAddress: quote } = filters;
  if (m !== undefined && order.makerToken !== m) return false;
  if (t !== undefined && order.takerToken !== t) return false;
  if (x !== undefined && order.makerToken !== x && order.takerToken !== x) return false;
  if (base !== undefined && quote !== undefined) {
    const forward = order.makerToken === base && order.takerToken === quote;
    if (!forward && !(order.makerToken === quote && order.takerToken === base)) return false;
  }
  return true;
}

/** The pairs whose orders pass the token filters; undefined when there are none (every pair). */
function selectPairs(book: NetworkBook, filters: TokenFilters): PairBook[] | undefined {
  const { makerTokenAddress: m, takerTokenAddress: t, tokenAddress: x } = filters;
  const { baseTokenAddress: base, quoteTokenAddress: quote } = filters;
  const market = base !== undefined && quote !== undefined;
  if (m === undefined && t === undefined && x === undefined && !market) return undefined;
  let candidates: Iterable<PairBook>;
  if (market) candidates = [book.pair(base, quote), book.pair(quote, base)].filter((p) => p !== undefined);
  else if (m !== undefined && t !== undefined) candidates = [book.pair(m, t)].filter((p) => p !== undefined);
  else if (m !== undefined) candidates = book.pairsByMakerToken.get(m) ?? [];
  else if (t !== undefined) candidates = book.pairsByTakerToken.get(t) ?? [];
  else {
    candidates = new Set([
      ...(book.pairsByMakerToken.get(x as string) ?? []),
      ...(book.pairsByTakerToken.get(x as string) ?? []),
    ]);
  }
  const selected: PairBook[] = [];
  for (const pair of new Set(candidates)) {
    const probe = { makerToken: pair.makerToken, takerToken: pair.takerToken } as BookOrder;
    if (matchesTokens(probe, filters)) selected.push(pair);
  }
  return selected;
}

/**
 * The pairs with both tokens verified: of `pairs`, or of the whole book (found from the verified
 * tokens, a short list, not from every pair). Empty pairs are left out of the union.
 */
function verifiedPairs(book: NetworkBook, pairs: PairBook[] | undefined): PairBook[] {
  const verified = book.verifiedTokens;
  const both = (pair: PairBook) =>
    pair.size > 0 && verified.has(pair.makerToken) && verified.has(pair.takerToken);
  if (pairs) return pairs.filter(both);
  const selected: PairBook[] = [];
  for (const token of verified) {
    for (const pair of book.pairsByMakerToken.get(token) ?? []) if (both(pair)) selected.push(pair);
  }
  return selected;
}

/** A view over the selected pairs' indexes of one ordering, or over the whole book's when there is no filter. */
function pairsView(
  pairs: PairBook[] | undefined,
  indexOf: (pair: PairBook) => SortedView<BookOrder>,
  all: SortedView<BookOrder>,
  compare: (a: BookOrder, b: BookOrder) => number,
): BookView {
  if (!pairs) return new IndexView(all);
  if (pairs.length === 0) return EMPTY_VIEW;
  if (pairs.length === 1) return new IndexView(indexOf(pairs[0] as PairBook));
  return new UnionView(pairs.map(indexOf), all, compare);
}

/**
 * The open orders `GET /order` lists for these filters, in `sort`'s order. Token filters read the
 * matching pairs' indexes (one pair, or a union), and so does `verified=only` (the pairs of two
 * verified tokens); a maker's orders are few (the per-maker quota), so
 * they are filtered and sorted for the request.
 */
export function orderView(book: NetworkBook, filters: OrderFilterQuery, sort: StoredSortField): BookView {
  const { compare } = SORT_ORDERINGS[sort];
  let pairs = selectPairs(book, filters);
  const verifiedOnly = filters.verified === 'only';
  if (verifiedOnly) {
    const selected = verifiedPairs(book, pairs);
    // When every order's tokens are verified (a book without unverified tokens), the whole book's index.
    const all = pairs === undefined && selected.reduce((sum, pair) => sum + pair.size, 0) === book.size;
    pairs = all ? undefined : selected;
  }
  if (filters.maker !== undefined) {
    const group = book.makers.get(filters.maker);
    if (!group) return EMPTY_VIEW;
    if (!pairs && group.size === book.size) return new IndexView(book.sortIndex(sort));
    const verified = book.verifiedTokens;
    const picked: BookOrder[] = [];
    for (const order of group) {
      if (!matchesTokens(order, filters)) continue;
      if (verifiedOnly && !(verified.has(order.makerToken) && verified.has(order.takerToken))) continue;
      picked.push(order);
    }
    return new ArrayView(picked.sort(compare));
  }
  // No filter (the common page): the whole book's index, with no closure made for the pairs.
  if (!pairs) return new IndexView(book.sortIndex(sort));
  return pairsView(pairs, (pair) => pair.sortIndex(sort), book.sortIndex(sort), compare);
}

/**
 * The open orders `GET /v0/orders` answers, in its order: ascending price with both token filters,
 * else oldest first. Filters every order or no order matches (the exchange, the fee recipient, the
 * null taker, as a rule) are settled by counts. Others read the smallest group that has them all (a
 * maker's, a taker's, a trader's orders), or else the ordered view, once through, for the request.
 */
export function sraView(book: NetworkBook, filters: SraOrderFilters): BookView {
  const pairs = selectPairs(book, filters);
  const byPrice = filters.makerTokenAddress !== undefined && filters.takerTokenAddress !== undefined;
  const compare = byPrice ? compareSraPrice : compareCreated;
  const ordered = () =>
    byPrice
      ? pairsView(pairs, (pair) => pair.priceIndex(), book.sortIndex('createdAt'), compare)
      : pairsView(pairs, (pair) => pair.sortIndex('createdAt'), book.sortIndex('createdAt'), compare);

  const total = book.size;
  const checks: ((order: BookOrder) => boolean)[] = [];
  /** false: nothing matches; adds the check unless everything matches. */
  const filter = (matching: number, check: (order: BookOrder) => boolean): boolean => {
    if (matching === 0) return false;
    if (matching < total) checks.push(check);
    return true;
  };
  const { exchangeContractAddress: exchange, feeRecipient, taker, maker, trader } = filters;
  if (
    exchange !== undefined &&
    !filter(book.exchangeCounts.get(exchange) ?? 0, (o) => o.terms.exchange === exchange)
  )
    return EMPTY_VIEW;
  if (
    feeRecipient !== undefined &&
    !filter(book.feeRecipientCounts.get(feeRecipient) ?? 0, (o) => o.terms.feeRecipient === feeRecipient)
  )
    return EMPTY_VIEW;
  if (taker !== undefined && !filter(book.takerCounts.get(taker) ?? 0, (o) => o.terms.taker === taker))
    return EMPTY_VIEW;
  if (maker !== undefined && !filter(book.makers.get(maker)?.size ?? 0, (o) => o.maker === maker))
    return EMPTY_VIEW;
  if (trader !== undefined) {
    const asMaker = book.makers.get(trader)?.size ?? 0;
    const asTaker = book.takerCounts.get(trader) ?? 0;
    if (asMaker === 0 && asTaker === 0) return EMPTY_VIEW;
    if (asMaker < total && asTaker < total)
      checks.push((o) => o.maker === trader || o.terms.taker === trader);
  }
  if (checks.length === 0) return ordered();

  const matches = (order: BookOrder) =>
    matchesTokens(order, filters) && checks.every((check) => check(order));
  const group = smallestGroup(book, filters);
  const view = ordered();
  if (group && group.size <= view.size) {
    const picked: BookOrder[] = [];
    for (const order of group.orders) if (matches(order)) picked.push(order);
    return new ArrayView(picked.sort(compare));
  }
  return new ArrayView(view.slice(0, 1, view.size).filter(matches));
}

/** The fewest orders that include every match of the maker, taker or trader filter, if one is given. */
function smallestGroup(
  book: NetworkBook,
  filters: SraOrderFilters,
): { size: number; orders: Iterable<BookOrder> } | undefined {
  const groups: { size: number; orders: Iterable<BookOrder> }[] = [];
  const none = new Set<BookOrder>();
  if (filters.maker !== undefined) {
    const orders = book.makers.get(filters.maker) ?? none;
    groups.push({ size: orders.size, orders });
  }
  // The null taker is every ordinary order's: not a group worth reading.
  if (filters.taker !== undefined && filters.taker !== NULL_ADDRESS) {
    const orders = book.takers.get(filters.taker) ?? none;
    groups.push({ size: orders.size, orders });
  }
  if (filters.trader !== undefined && filters.trader !== NULL_ADDRESS) {
    const asMaker = book.makers.get(filters.trader) ?? none;
    const asTaker = book.takers.get(filters.trader) ?? none;
    groups.push({ size: asMaker.size + asTaker.size, orders: new Set([...asMaker, ...asTaker]) });
  }
  return groups.sort((a, b) => a.size - b.size)[0];
}

/** Both sides of a market's book, best first: asks sell `base` (its pair), bids buy it (the reverse pair). */
export function marketSides(
  book: NetworkBook,
  base: string,
  quote: string,
): { bids: BookView; asks: BookView } {
  const side = (pair: PairBook | undefined) => (pair ? new IndexView(pair.bookIndex()) : EMPTY_VIEW);
  return { bids: side(book.pair(quote, base)), asks: side(book.pair(base, quote)) };
}
