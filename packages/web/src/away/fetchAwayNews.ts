import type { Address } from '@relayer/protocol';
import type { RelayerApi } from '../api/relayerApi';
import { type AwayMark, CANCELLED_KEPT, isAfter, type TradePosition } from './awayMark';

/** What happened to the maker's orders since a mark. */
export interface AwayNews {
  /** Orders with at least one fill since the mark. */
  filledOrders: number;
  /** Orders that became cancelled since the mark. */
  cancelledOrders: number;
  /** More fills than were read: `filledOrders` is a lower bound. */
  moreFills: boolean;
}

/** How many pages of the maker's fills a return reads at most before saying "at least". */
export const FILL_PAGES_MAX = 5;
const PER_PAGE = 100;

/**
 * Reads where the maker's orders stand now (the mark to store) and, given the mark of the last visit,
 * what changed since: the fills after its last trade (`GET /trades?maker=`, newest first, paged until
 * the mark), and the cancelled orders it did not know (`GET /order?maker=&state=cancelled`, newest
 * first). The relayer keeps no time of a cancel, so cancels are found by difference.
 */
export async function fetchAwayNews(
  api: Pick<RelayerApi, 'getTrades' | 'getOrders'>,
  maker: Address,
  since?: AwayMark,
): Promise<{ mark: AwayMark; news?: AwayNews }> {
  const [fills, cancelled] = await Promise.all([
    readFillsSince(api, maker, since),
    api.getOrders({
      maker,
      state: ['cancelled'],
      sort: 'createdAt',
      direction: 'desc',
      per_page: CANCELLED_KEPT,
    }),
  ]);
  const orders = cancelled.orders;
  const mark: AwayMark = {
    lastTrade: fills.latest ?? since?.lastTrade ?? null,
    cancelled: orders.map((order) => order.orderHash),
    cancelledFloor: orders.length === CANCELLED_KEPT ? (orders.at(-1)?.createdAt ?? 0) : 0,
  };
  if (!since) return { mark };
  const known = new Set(since.cancelled);
  const cancelledOrders = orders.filter(
    (order) => !known.has(order.orderHash) && order.createdAt >= since.cancelledFloor,
  ).length;
  return {
    mark,
    news: { filledOrders: fills.orderHashes.size, cancelledOrders, moreFills: fills.more },
  };
}

async function readFillsSince(
  api: Pick<RelayerApi, 'getTrades'>,
  maker: Address,
  since: AwayMark | undefined,
): Promise<{ latest?: TradePosition; orderHashes: Set<string>; more: boolean }> {
  const orderHashes = new Set<string>();
  let latest: TradePosition | undefined;
  let cursor: string | undefined;
  // The first visit needs only the newest fill, to start the mark from.
  const perPage = since ? PER_PAGE : 1;
  for (let page = 0; page < FILL_PAGES_MAX; page += 1) {
    const answer = await api.getTrades({ maker, per_page: perPage, ...(cursor ? { cursor } : {}) });
    for (const trade of answer.trades) {
      const position = { blockNumber: trade.blockNumber, logIndex: trade.logIndex };
      latest ??= position;
      if (!since || !isAfter(position, since.lastTrade)) return { latest, orderHashes, more: false };
      orderHashes.add(trade.orderHash);
    }
    if (!answer.nextCursor) return { latest, orderHashes, more: false };
    cursor = answer.nextCursor;
  }
  return { latest, orderHashes, more: true };
}
