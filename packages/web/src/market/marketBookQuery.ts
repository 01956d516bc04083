import type { OrderbookRecordsResponse } from '@relayer/protocol';
import { queryKeys } from '../api/queryKeys';
import type { RelayerApi } from '../api/relayerApi';

/** Orders per side the market view reads: the relayer's page maximum. */
export const MARKET_BOOK_DEPTH = 100;

/** The first page of a market's book (`/v0/orderbook?records=true`), best price first per side. */
export function marketBookQuery(api: RelayerApi, variantKey: string, base: string, quote: string) {
  return {
    queryKey: [...queryKeys.orderbook(variantKey), base, quote] as const,
    queryFn: (): Promise<OrderbookRecordsResponse> =>
      api.getOrderbook({ base, quote, perPage: MARKET_BOOK_DEPTH }),
  };
}
