import {
  addressSchema,
  type CandleListResponse,
  candleListResponseSchema,
  candleQuerySchema,
  RelayerError,
  type Ticker,
  tickerListResponseSchema,
  tickerQuerySchema,
} from '@relayer/protocol';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { candleRange } from '../history/candleRange.js';
import { listCandles } from '../history/listCandles.js';
import { listTickers } from '../history/listTickers.js';
import { parseOrRefuse } from '../orders/parseOrRefuse.js';
import type { NetworkContext } from './RouteContext.js';
import { rateLimits } from './rateLimits.js';
import { errorBody, toOpenApi } from './toOpenApi.js';

/** How long one answer of every market's tickers may serve (their 24 h windows move on). */
const TICKERS_FRESH_MS = 1000;

const marketParamsSchema = z.strictObject({ base: addressSchema, quote: addressSchema });

/**
 * Price history from the recorded trades (docs/API.md, "Price history"): `GET {prefix}/markets/{base}/
 * {quote}/candles` and `GET {prefix}/tickers`. Both read the `trades` table, so a re-org's removed
 * trades leave them as soon as the watcher deletes them.
 */
export const historyRoutes: FastifyPluginAsync<NetworkContext> = async (app, context) => {
  const { app: shared, network, clock, openBook } = context;
  const limits = rateLimits(shared.config.http);
  const nowSeconds = () => Math.floor(clock.now() / 1000);
  // Every market's ticker costs its own queries: one answer of all markets serves every reader until a
  // trade, a book change (best bid and ask) or TICKERS_FRESH_MS passes, so a burst of reads costs one.
  let allTickers: { madeAt: number; answer: Promise<{ at: number; tickers: Ticker[] }> } | undefined;
  const forget = () => {
    allTickers = undefined;
  };
  const stopTrades = shared.events.subscribe((event) => {
    if ((event.type === 'tradeAdded' || event.type === 'tradeRemoved') && event.network === network.key)
      forget();
  });
  const stopBook = openBook.onChange(forget);
  app.addHook('onClose', async () => {
    stopTrades();
    stopBook();
  });

  app.get(
    '/markets/:base/:quote/candles',
    {
      config: limits.read,
      schema: {
        tags: ['price history'],
        summary: "A market's candles (open, high, low, close, volumes, trade count), oldest first",
        params: toOpenApi(marketParamsSchema, 'input'),
        querystring: toOpenApi(candleQuerySchema, 'input'),
        response: { 200: toOpenApi(candleListResponseSchema), 400: errorBody },
      },
    },
    async (request, reply) => {
      const { base, quote } = parseOrRefuse(marketParamsSchema, request.params);
      const query = parseOrRefuse(candleQuerySchema, request.query);
      if (base === quote) throw new RelayerError('VALUE_OUT_OF_RANGE', 'must differ from base', 'quote');
      const [baseToken, quoteToken] = await Promise.all([
        shared.tokens.get(network.key, base),
        shared.tokens.get(network.key, quote),
      ]);
      if (!baseToken) throw new RelayerError('UNKNOWN_TOKEN', 'is not a token this relayer lists', 'base');
      if (!quoteToken) throw new RelayerError('UNKNOWN_TOKEN', 'is not a token this relayer lists', 'quote');
      const range = candleRange({ ...query, now: nowSeconds() });
      const candles = await listCandles(
        shared.db,
        network.key,
        { base, quote, baseDecimals: baseToken.decimals, quoteDecimals: quoteToken.decimals },
        range,
      );
      const answer: CandleListResponse = {
        baseTokenAddress: base,
        quoteTokenAddress: quote,
        interval: query.interval,
        from: range.from,
        to: range.to,
        candles,
        nextFrom: range.nextFrom,
      };
      if (range.nextFrom !== null) {
        const path = request.url.split('?')[0] ?? '';
        const to = query.to ?? range.to;
        reply.header(
          'link',
          `<${path}?interval=${query.interval}&from=${range.nextFrom}&to=${to}>; rel="next"`,
        );
      }
      return answer;
    },
  );

  app.get(
    '/tickers',
    {
      config: limits.read,
      schema: {
        tags: ['price history'],
        summary: 'Per market: last price, 24 h change, high, low, volume, trade count, best bid and ask',
        querystring: toOpenApi(tickerQuerySchema, 'input'),
        response: { 200: toOpenApi(tickerListResponseSchema), 400: errorBody },
      },
    },
    async (request) => {
      const query = parseOrRefuse(tickerQuerySchema, request.query);
      const { baseTokenAddress: base, quoteTokenAddress: quote } = query;
      if (base && base === quote) {
        throw new RelayerError(
          'VALUE_OUT_OF_RANGE',
          'must differ from baseTokenAddress',
          'quoteTokenAddress',
        );
      }
      const read = async (only: { base: string; quote: string } | undefined) => {
        const at = nowSeconds();
        const tickers = await listTickers({
          db: shared.db,
          network: network.key,
          weth: network.addresses.weth,
          tokens: shared.tokens,
          openBook,
          at,
          only,
        });
        return { at, tickers };
      };
      if (base && quote) return read({ base, quote });
      if (!allTickers || clock.now() - allTickers.madeAt > TICKERS_FRESH_MS) {
        const made = { madeAt: clock.now(), answer: read(undefined) };
        made.answer.catch(() => {
          if (allTickers === made) forget();
        });
        allTickers = made;
      }
      return allTickers.answer;
    },
  );
};
