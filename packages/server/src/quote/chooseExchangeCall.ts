import type { WalkFill } from './walkBook.js';

/**
 * fillOrdersUpTo fills each order up to all that remains of it, in turn, until the total is reached
 * (PROTOCOL.md §4.7): it gives each order exactly its quoted amount only when every order but the last
 * is quoted for all that remains of it (and so was fully funded). Otherwise the exact amounts go through
 * batchFillOrders. An empty quote is an empty batch (fillOrdersUpTo refuses a zero total).
 */
export function chooseExchangeCall(fills: readonly WalkFill[]): 'fillOrdersUpTo' | 'batchFillOrders' {
  if (fills.length === 0) return 'batchFillOrders';
  const allButLast = fills.slice(0, -1);
  return allButLast.every((fill) => fill.fillTakerAmount === fill.remaining)
    ? 'fillOrdersUpTo'
    : 'batchFillOrders';
}
