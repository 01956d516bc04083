import type { OrderbookRecordsResponse } from '@relayer/protocol';
import { queryKeys } from '../api/queryKeys';
import type { RelayerApi } from '../api/relayerApi';

/** Orders per side in one page of the book: the relayer's page maximum. */
export const MARKET_PAGE_SIZE = 100;
/** Pages per side the view will hold (1,000 orders each). */
export const MARKET_MAX_PAGES = 10;

/** Where a market's book is cached; every depth of it shares this prefix, so live patches reach them all. */
export function marketBookKey(variantKey: string, base: string, quote: string) {
  return [...queryKeys.orderbook(variantKey), base, quote] as const;
}

/**
 * The best `pages` × 100 orders of each side of a market (`/v0/orderbook?records=true`, pages read
 * together and joined), best price first per side, with each side's total.
 */
export function marketBookQuery(api: RelayerApi, variantKey: string, base: string, quote: string, pages = 1) {
  return {
    queryKey: [...marketBookKey(variantKey, base, quote), pages] as const,
    queryFn: async (): Promise<OrderbookRecordsResponse> => {
      const answers = await Promise.all(
        Array.from({ length: pages }, (_, i) =>
          api.getOrderbook({ base, quote, page: i + 1, perPage: MARKET_PAGE_SIZE }),
        ),
      );
      const last = answers.at(-1) as OrderbookRecordsResponse;
      return {
        asks: answers.flatMap((answer) => answer.asks),
        bids: answers.flatMap((answer) => answer.bids),
        total: last.total,
        page: 1,
        perPage: MARKET_PAGE_SIZE * pages,
      };
    },
  };
}
