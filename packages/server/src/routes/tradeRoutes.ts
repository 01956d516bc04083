import { tradeListResponseSchema, tradeQuerySchema } from '@relayer/protocol';
import type { FastifyPluginAsync } from 'fastify';
import { parseOrRefuse } from '../orders/parseOrRefuse.js';
import { listTrades } from '../trades/listTrades.js';
import type { NetworkContext } from './RouteContext.js';
import { rateLimits } from './rateLimits.js';
import { errorBody, toOpenApi } from './toOpenApi.js';

/**
 * `GET {prefix}/trades`: fills of the relayer's orders as the chain watcher recorded them, newest first,
 * filtered and keyset-paged (docs/API.md, "Trades").
 */
export const tradeRoutes: FastifyPluginAsync<NetworkContext> = async (app, context) => {
  const { app: shared, network } = context;
  app.get(
    '/trades',
    {
      config: rateLimits(shared.config.http).read,
      schema: {
        tags: ['trades'],
        summary: 'Fills of orders this relayer stores, newest first, filtered and keyset-paged',
        querystring: toOpenApi(tradeQuerySchema, 'input'),
        response: { 200: toOpenApi(tradeListResponseSchema), 400: errorBody },
      },
    },
    async (request) => {
      return listTrades(shared.db, network.key, parseOrRefuse(tradeQuerySchema, request.query));
    },
  );
};
