import type { OrderRecord, TradeRecord } from '@relayer/protocol';
import { createRelayerApi } from '../api/relayerApi';
import { createFakeRelayer } from './fakeRelayer';
import { orderPage } from './fixtures';

/**
 * A relayer whose maker history the test writes: `trades` and `cancelled` newest first, answered page by
 * page (`per_page`, a numeric cursor) as `GET /trades?maker=` and `GET /order?state=cancelled` do.
 */
export function createAwayRelayer() {
  const history = { trades: [] as TradeRecord[], cancelled: [] as OrderRecord[] };
  const relayer = createFakeRelayer({
    'GET /trades': ({ url }) => {
      const perPage = Number(url.searchParams.get('per_page') ?? 50);
      const start = Number(url.searchParams.get('cursor') ?? 0);
      const end = start + perPage;
      return {
        body: {
          trades: history.trades.slice(start, end),
          nextCursor: end < history.trades.length ? String(end) : null,
        },
      };
    },
    'GET /order': ({ url }) => {
      const perPage = Number(url.searchParams.get('per_page') ?? 5);
      return { body: orderPage(history.cancelled.slice(0, perPage), { perPage }) };
    },
  });
  return { history, relayer, api: createRelayerApi('http://relayer.test', relayer.fetch) };
}
