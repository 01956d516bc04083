import { ratesResponseSchema } from '@relayer/protocol';
import type { FastifyPluginAsync } from 'fastify';
import type { NetworkConfig } from '../config.js';
import { buildRatesResponse, type ListedToken } from '../prices/buildRatesResponse.js';
import type { PriceCache } from '../prices/createPriceCache.js';
import type { TokenDirectory } from '../tokens/createTokenDirectory.js';
import type { rateLimits } from './rateLimits.js';
import { toOpenApi } from './toOpenApi.js';

export interface RatesRouteOptions {
  prices: Pick<PriceCache, 'get'>;
  tokens: Pick<TokenDirectory, 'list'>;
  /** Per-route rate limit (`rateLimits(...).read`); none when omitted. */
  limit?: ReturnType<typeof rateLimits>['read'];
  network: NetworkConfig;
}

/** How long a failed token-list read is not retried. */
const RETRY_LIST_MS = 5_000;

/** Prices change every few minutes; a minute of client/CDN caching costs little and spares the server. */
export const RATES_CACHE_CONTROL = 'public, max-age=60';

/**
 * `GET {prefix}/rates` (protocol's ratesResponseSchema): USD prices of the network's listed tokens by
 * address, of the known coins by catalogue symbol, and the deprecated symbol map, each price with its
 * source, time and quality (`buildRatesResponse`). A failed read of the token list keeps the last one
 * read. The body is serialized once per change of prices, token list or age-driven quality.
 */
export const ratesRoute: FastifyPluginAsync<RatesRouteOptions> = async (
  app,
  { prices, tokens, network, limit },
) => {
  let listed: readonly ListedToken[] | undefined;
  let retryAt = Number.NEGATIVE_INFINITY;
  let memo: { version: number; listed: unknown; changesAt: number | null; body: string } | undefined;

  async function readTokens(): Promise<readonly ListedToken[] | undefined> {
    // After a failed read, requests use the last list for a while instead of each trying (and logging) again.
    if (performance.now() < retryAt) return listed;
    try {
      listed = await tokens.list(network.key);
    } catch (err) {
      retryAt = performance.now() + RETRY_LIST_MS;
      app.log.warn({ err, network: network.key }, 'rates: could not read the token list; using the last one');
    }
    return listed;
  }

  const schema = {
    tags: ['prices'],
    summary:
      "USD prices of the network's tokens by address and of the known coins, each with its source, time and quality",
    response: { 200: toOpenApi(ratesResponseSchema) },
  };
  app.get('/rates', { schema, config: limit ?? {} }, async (_request, reply) => {
    const list = await readTokens();
    const snapshot = prices.get();
    const fresh =
      memo !== undefined &&
      memo.version === snapshot.version &&
      memo.listed === list &&
      (memo.changesAt === null || snapshot.at < memo.changesAt);
    if (!fresh || memo === undefined) {
      const { response, changesAt } = buildRatesResponse(snapshot, network.chainId, list);
      memo = { version: snapshot.version, listed: list, changesAt, body: JSON.stringify(response) };
    }
    return reply
      .header('cache-control', RATES_CACHE_CONTROL)
      .type('application/json; charset=utf-8')
      .send(memo.body);
  });
};
