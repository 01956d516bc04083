import { quoteQuerySchema, quoteResponseSchema } from '@relayer/protocol';
import type { FastifyPluginAsync } from 'fastify';
import { parseOrRefuse } from '../orders/parseOrRefuse.js';
import type { NetworkContext } from '../routes/RouteContext.js';
import { rateLimits } from '../routes/rateLimits.js';
import { errorBody, toOpenApi } from '../routes/toOpenApi.js';
import { createQuote } from './createQuote.js';

/**
 * `GET {prefix}/quote`: a market order's orders and amounts, walked best price first over what each
 * order can fill now (docs/API.md, "Quote"). It reads the chain, so it has its own, smaller rate limit.
 */
export const quoteRoute: FastifyPluginAsync<NetworkContext> = async (app, context) => {
  const { app: shared, network, openBook, reader, clock } = context;
  app.get(
    '/quote',
    {
      config: rateLimits(shared.config.http).quote,
      schema: {
        tags: ['orders'],
        summary: 'A market order across the book: the orders to fill, their amounts, prices and gas',
        querystring: toOpenApi(quoteQuerySchema, 'input'),
        response: { 200: toOpenApi(quoteResponseSchema), 400: errorBody },
      },
    },
    async (request) =>
      createQuote(
        {
          network,
          openBook,
          reader,
          tokens: shared.tokens,
          now: () => clock.now(),
          expiryMarginSec: shared.config.orders.expiryMarginSec,
        },
        parseOrRefuse(quoteQuerySchema, request.query),
      ),
  );
};
