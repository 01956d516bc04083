import {
  batchOrdersResponseSchema,
  orderListResponseSchema,
  orderQuerySchema,
  orderRecordSchema,
  signedOrderSchema,
} from '@relayer/protocol';
import type { FastifyPluginAsync } from 'fastify';
import { findOrderByHash } from '../orders/findOrderByHash.js';
import { isDerivedSort, isPriceSort, type SortInputs } from '../orders/orderSortKey.js';
import { parseOrRefuse } from '../orders/parseOrRefuse.js';
import { submitOrder } from '../orders/submitOrder.js';
import { MAX_BATCH_ORDERS, submitOrders } from '../orders/submitOrders.js';
import { parseCommonOrderQuery } from './commonOrderQuery.js';
import type { NetworkContext } from './RouteContext.js';
import { rateLimits } from './rateLimits.js';
import { submitContext } from './submitContext.js';
import { errorBody, toOpenApi } from './toOpenApi.js';

const JSON_TYPE = 'application/json; charset=utf-8';

export type OrderRoutesOptions = NetworkContext & {
  /** The decimals and USD prices (the network's `/rates` token prices) the derived sorts read. */
  sortInputs: () => Promise<SortInputs>;
};

/** Room a batch gives each of its orders in the body (a signed order as JSON is about 1 KiB). */
const BATCH_BYTES_PER_ORDER = 4096;

/** The app's own order API: the paged book, one order, and submission (one, or a batch). */
export const orderRoutes: FastifyPluginAsync<OrderRoutesOptions> = async (app, options) => {
  const { sortInputs, ...context } = options;
  const { app: shared, network, openBook, pages } = context;
  const limits = rateLimits(shared.config.http);

  app.get(
    '/order',
    {
      config: limits.read,
      schema: {
        tags: ['orders'],
        summary: 'One page of the order book, sorted and filtered on the server',
        querystring: toOpenApi(orderQuerySchema, 'input'),
        response: { 200: toOpenApi(orderListResponseSchema), 400: errorBody },
      },
    },
    async (request, reply) => {
      // The hot path: a repeated query string is answered from memory without even parsing it again.
      const raw = request.url.indexOf('?');
      const rawKey = `order?${raw < 0 ? '' : request.url.slice(raw + 1)}`;
      const hit = pages.peek<string | Buffer>(rawKey);
      if (hit !== undefined) return reply.type(JSON_TYPE).send(hit);
      const query =
        parseCommonOrderQuery(request.query as Record<string, unknown>) ??
        parseOrRefuse(orderQuerySchema, request.query);
      const inputs = isDerivedSort(query.sort) ? await sortInputs() : undefined;
      // A price-sorted page also changes with the prices: its entry is keyed by their version, and it
      // stays out of the raw hot path, which knows only the book's changes.
      const prices = isPriceSort(query.sort) ? inputs : undefined;
      const key = `order:${JSON.stringify(query)}${prices ? `:prices${prices.version}` : ''}`;
      const page = await pages.answer(prices ? undefined : rawKey, key, () => openBook.orders(query, inputs));
      return reply.type(JSON_TYPE).send(page);
    },
  );

  app.get<{ Params: { hash: string } }>(
    '/order/:hash',
    {
      config: limits.read,
      schema: {
        tags: ['orders'],
        summary: 'One order by hash, in any state',
        response: { 200: toOpenApi(orderRecordSchema), 404: errorBody },
      },
    },
    async (request) => {
      return findOrderByHash(shared.db, network.key, request.params.hash);
    },
  );

  app.post(
    '/order/new',
    {
      config: limits.write,
      schema: {
        tags: ['orders'],
        summary: 'Submit a signed order (object or JSON string); 201 when stored, 200 when already open',
        body: toOpenApi(signedOrderSchema, 'input'),
        response: {
          200: toOpenApi(orderRecordSchema),
          201: toOpenApi(orderRecordSchema),
          400: errorBody,
          503: errorBody,
        },
      },
    },
    async (request, reply) => {
      const result = await submitOrder(submitContext(context), request.body);
      return reply.code(result.status === 'created' ? 201 : 200).send(result.order);
    },
  );

  app.post(
    '/orders',
    {
      config: limits.batch,
      // Its own body limit: room for a full batch whatever the single-order limit is.
      bodyLimit: Math.max(shared.config.orders.bodyLimitBytes, MAX_BATCH_ORDERS * BATCH_BYTES_PER_ORDER),
      schema: {
        tags: ['orders'],
        summary: `Submit up to ${MAX_BATCH_ORDERS} signed orders; one result per order, accepted ones stored in one commit`,
        body: { type: 'array', items: toOpenApi(signedOrderSchema, 'input'), maxItems: MAX_BATCH_ORDERS },
        response: { 200: toOpenApi(batchOrdersResponseSchema), 400: errorBody, 413: errorBody },
      },
    },
    async (request) => ({ results: await submitOrders(submitContext(context), request.body, request.log) }),
  );
};
