import type { OrderRecord } from '@relayer/protocol';

export interface DefaultMarketInput {
  /** Recent open orders (any pair). */
  orders: readonly Pick<OrderRecord, 'makerTokenAddress' | 'takerTokenAddress'>[];
  /** Addresses of listed tokens: a pair is offered only between them. */
  listed: ReadonlySet<string>;
  /** The network's wrapped ether, the quote of every pair it is in; and ZRX, the fallback base. */
  weth: string | undefined;
  zrx: string | undefined;
}

/**
 * The market `/markets` opens: the pair of listed tokens with the most of the given orders (ties: the
 * one seen first), else ZRX/WETH, else undefined. Quoted in WETH when WETH is one of the two, else as
 * the first such order asks (it sells the base for the quote).
 */
export function chooseDefaultMarket({
  orders,
  listed,
  weth,
  zrx,
}: DefaultMarketInput): { base: string; quote: string } | undefined {
  const counts = new Map<string, { base: string; quote: string; count: number }>();
  for (const order of orders) {
    const { makerTokenAddress: maker, takerTokenAddress: taker } = order;
    if (maker === taker || !listed.has(maker) || !listed.has(taker)) continue;
    const key = maker < taker ? `${maker}/${taker}` : `${taker}/${maker}`;
    const entry = counts.get(key) ?? { ...orient(maker, taker, weth), count: 0 };
    entry.count += 1;
    counts.set(key, entry);
  }
  let best: { base: string; quote: string; count: number } | undefined;
  for (const entry of counts.values()) if (!best || entry.count > best.count) best = entry;
  if (best) return { base: best.base, quote: best.quote };
  if (weth && zrx && listed.has(weth) && listed.has(zrx)) return { base: zrx, quote: weth };
  return undefined;
}

function orient(maker: string, taker: string, weth: string | undefined): { base: string; quote: string } {
  return maker === weth ? { base: taker, quote: maker } : { base: maker, quote: taker };
}
