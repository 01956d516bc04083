import type { Fraction, OrderRecord } from '@relayer/protocol';
import {
  type BookSide,
  comparePrices,
  type MarketPair,
  midPrice,
  orderPrice,
  subtractPrices,
} from './marketPrice';

/** One order on the ladder, its amounts in base units. */
export interface LadderRow {
  order: OrderRecord;
  side: BookSide;
  /** Quote per base (human units), exact. */
  price: Fraction;
  /** Base token the order still trades (what the Exchange would still fill), not its signed amount. */
  amount: bigint;
  /** Quote token that remainder trades for. */
  total: bigint;
  /** `amount` summed from the best price down to this row. */
  depth: bigint;
  /** True when the maker's funds cover less than the remainder (the fillable amount is smaller). */
  limited: boolean;
}

export interface Ladder {
  /** Lowest price first. */
  asks: LadderRow[];
  /** Highest price first. */
  bids: LadderRow[];
  bestAsk?: Fraction;
  bestBid?: Fraction;
  /** Best ask − best bid (negative when the book is crossed); only with both sides. */
  spread?: Fraction;
  mid?: Fraction;
}

/**
 * A market's ladder from its book: each side in price order, best first (asks ascending, bids
 * descending; ties as the relayer breaks them: lower total fee, earlier expiry, earlier received, then hash), amounts
 * remaining, cumulative depth, spread and mid price. Orders left with nothing to trade, or no longer
 * open, are left out (a live update may have emptied them before the next answer).
 */
export function buildLadder(
  book: { asks: readonly OrderRecord[]; bids: readonly OrderRecord[] },
  pair: MarketPair,
): Ladder {
  const asks = side(book.asks, 'ask', pair);
  const bids = side(book.bids, 'bid', pair);
  const bestAsk = asks[0]?.price;
  const bestBid = bids[0]?.price;
  return {
    asks,
    bids,
    ...(bestAsk ? { bestAsk } : {}),
    ...(bestBid ? { bestBid } : {}),
    ...(bestAsk && bestBid
      ? { spread: subtractPrices(bestAsk, bestBid), mid: midPrice(bestAsk, bestBid) }
      : {}),
  };
}

function side(orders: readonly OrderRecord[], which: BookSide, pair: MarketPair): LadderRow[] {
  const rows = orders
    .filter((order) => order.state === 'open' && belongs(order, which, pair))
    .map((order) => {
      const remainingMaker = BigInt(order.remainingMakerTokenAmount);
      const remainingTaker = BigInt(order.remainingTakerTokenAmount);
      const [amount, total] =
        which === 'ask' ? [remainingMaker, remainingTaker] : [remainingTaker, remainingMaker];
      return {
        order,
        side: which,
        price: orderPrice(order, which, pair),
        amount,
        total,
        depth: 0n,
        limited: BigInt(order.fillableTakerTokenAmount) < remainingTaker,
      };
    })
    .filter((row) => row.amount > 0n && row.price.denominator > 0n);
  const direction = which === 'ask' ? 1 : -1;
  rows.sort(
    (a, b) =>
      direction * comparePrices(a.price, b.price) ||
      compareBigInt(totalFee(a.order), totalFee(b.order)) ||
      compareBigInt(BigInt(a.order.expirationUnixTimestampSec), BigInt(b.order.expirationUnixTimestampSec)) ||
      a.order.createdAt - b.order.createdAt ||
      (a.order.orderHash < b.order.orderHash ? -1 : a.order.orderHash > b.order.orderHash ? 1 : 0),
  );
  let depth = 0n;
  for (const row of rows) {
    depth += row.amount;
    row.depth = depth;
  }
  return rows;
}

function belongs(order: OrderRecord, which: BookSide, pair: MarketPair): boolean {
  const [maker, taker] = which === 'ask' ? [pair.base, pair.quote] : [pair.quote, pair.base];
  return order.makerTokenAddress === maker && order.takerTokenAddress === taker;
}

function totalFee(order: OrderRecord): bigint {
  return BigInt(order.makerFee) + BigInt(order.takerFee);
}

function compareBigInt(a: bigint, b: bigint): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
