import {
  bytes32Schema,
  orderListResponseSchema,
  orderQuerySchema,
  orderRecordSchema,
  parseWithSraErrors,
  RelayerError,
  signedOrderSchema,
} from '@relayer/protocol';
import type { FastifyPluginAsync } from 'fastify';
import { bookPageJson, listBookOrders } from '../book/listBookOrders.js';
import { findOrder } from '../orders/findOrder.js';
import { countOrders, listOrders } from '../orders/listOrders.js';
import { schemaRefusal } from '../orders/schemaRefusal.js';
import { submitOrder } from '../orders/submitOrder.js';
import type { NetworkContext } from './RouteContext.js';
import { rateLimits } from './rateLimits.js';
import { errorBody, toOpenApi } from './toOpenApi.js';

const JSON_TYPE = 'application/json; charset=utf-8';

/** The app's own order API: the paged book, one order, and submission. */
export const orderRoutes: FastifyPluginAsync<NetworkContext> = async (app, context) => {
  const { app: shared, network } = context;
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
      const hit = shared.cache.peek<string>(network.key, rawKey);
      if (hit !== undefined) return reply.type(JSON_TYPE).send(hit);
      const parsed = parseWithSraErrors(orderQuerySchema, request.query);
      if (!parsed.success) throw schemaRefusal(parsed);
      const query = parsed.data;
      const generation = shared.cache.generation(network.key);
      const { book } = shared;
      const openOnly = query.state.length === 1 && query.state[0] === 'open';
      const body = await shared.cache.get(network.key, `order:${JSON.stringify(query)}`, async () => {
        // The open book from memory; history (any other state) from the database.
        if (book && openOnly) {
          const current = book.bookNow(network.key) ?? (await book.book(network.key));
          return bookPageJson(listBookOrders(current, query));
        }
        const page = await listOrders(shared.db, network.key, query, {
          count: (where, params, limit) =>
            shared.cache.get(network.key, `count:${where}:${JSON.stringify(params)}:${limit ?? ''}`, () =>
              countOrders(shared.db, where, params, limit),
            ),
        });
        return JSON.stringify(page);
      });
      shared.cache.set(network.key, rawKey, body, generation);
      return reply.type(JSON_TYPE).send(body);
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
      const hash = bytes32Schema.safeParse(request.params.hash);
      if (!hash.success)
        throw new RelayerError('INVALID_ECDSA_OR_HASH', 'is not a 32-byte hex order hash', 'orderHash');
      const order = await findOrder(shared.db, network.key, hash.data);
      if (!order) throw new RelayerError('ORDER_NOT_FOUND', 'No order with this hash');
      return order;
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
      const result = await submitOrder(
        { accept: context.accept, cache: shared.cache, metrics: shared.metrics },
        request.body,
      );
      return reply.code(result.status === 'created' ? 201 : 200).send(result.order);
    },
  );
};
