import { marketSymbol, type RatesResponse, ratesResponseSchema } from '@relayer/protocol';
import type { FastifyPluginAsync } from 'fastify';
import type { NetworkConfig } from '../config.js';
import type { Queryable } from '../db/Database.js';
import { createListedSymbols } from '../prices/createListedSymbols.js';
import type { PriceCache } from '../prices/createPriceCache.js';
import type { rateLimits } from './rateLimits.js';
import { toOpenApi } from './toOpenApi.js';

export interface RatesRouteOptions {
  prices: Pick<PriceCache, 'get'>;
  /** Per-route rate limit (`rateLimits(...).read`); none when omitted. */
  limit?: ReturnType<typeof rateLimits>['read'];
  db: Queryable;
  network: NetworkConfig;
}

/** Prices change every few minutes; a minute of client/CDN caching costs little and spares the server. */
export const RATES_CACHE_CONTROL = 'public, max-age=60';

/**
 * `GET {prefix}/rates`: USD prices (protocol's ratesResponseSchema) for the network's listed tokens,
 * plus ETH and WETH. The ticker holds ~500 coins; clients only ever price listed tokens, so the answer
 * is filtered to them (by upper-case symbol and by market symbol, so WETH finds ETH). When the token
 * list cannot be read at all the unfiltered rates are served rather than none. The body is serialized
 * once per change of prices, staleness or token list, not per request.
 */
export const ratesRoute: FastifyPluginAsync<RatesRouteOptions> = async (
  app,
  { prices, db, network, limit },
) => {
  const listedSymbols = createListedSymbols(db, network.key, app.log);
  let memo:
    | { rates: object; listed: unknown; stale: boolean; updatedAt: string | null; body: string }
    | undefined;

  const schema = {
    tags: ['prices'],
    summary: "USD market prices of the network's listed tokens (plus ETH/WETH); refreshed every 5 minutes",
    response: { 200: toOpenApi(ratesResponseSchema) },
  };
  app.get('/rates', { schema, config: limit ?? {} }, async (_request, reply) => {
    const listed = await listedSymbols.get();
    const current = prices.get();
    const fresh =
      memo !== undefined &&
      memo.rates === current.rates &&
      memo.listed === listed &&
      memo.stale === current.stale &&
      memo.updatedAt === current.updatedAt;
    if (!fresh || memo === undefined) {
      const response: RatesResponse = {
        ...current,
        rates: listed ? pick(current.rates, listed) : current.rates,
      };
      memo = {
        rates: current.rates,
        listed,
        stale: current.stale,
        updatedAt: current.updatedAt,
        body: JSON.stringify(response),
      };
    }
    return reply
      .header('cache-control', RATES_CACHE_CONTROL)
      .type('application/json; charset=utf-8')
      .send(memo.body);
  });
};

function pick(rates: Readonly<Record<string, string>>, listed: ReadonlySet<string>): Record<string, string> {
  const wanted = new Set(['ETH', 'WETH']);
  for (const symbol of listed) {
    wanted.add(symbol);
    wanted.add(marketSymbol(symbol));
  }
  const out: Record<string, string> = {};
  for (const symbol of [...wanted].sort()) {
    const price = Object.hasOwn(rates, symbol) ? rates[symbol] : undefined;
    if (price !== undefined) out[symbol] = price;
  }
  return out;
}
