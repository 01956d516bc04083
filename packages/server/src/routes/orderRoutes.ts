import {
  type OrderQuery,
  orderListResponseSchema,
  orderQuerySchema,
  orderRecordSchema,
  signedOrderSchema,
} from '@relayer/protocol';
import type { FastifyPluginAsync } from 'fastify';
import { pageBytes } from '../book/json/bookOrderJson.js';
import { bookPageJson, listBookOrders } from '../book/query/listBookOrders.js';
import { isStoredSort } from '../book/sort/bookOrderings.js';
import { findOrderByHash } from '../orders/findOrderByHash.js';
import { countOrders, listOrders } from '../orders/listOrders.js';
import { isDerivedSort, isPriceSort, type SortInputs } from '../orders/orderSortKey.js';
import { parseOrRefuse } from '../orders/parseOrRefuse.js';
import { submitOrder } from '../orders/submitOrder.js';
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

/** The app's own order API: the paged book, one order, and submission. */
export const orderRoutes: FastifyPluginAsync<OrderRoutesOptions> = async (app, options) => {
  const { sortInputs, ...context } = options;
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
      const hit = shared.cache.peek<string | Buffer>(network.key, rawKey);
      if (hit !== undefined) return reply.type(JSON_TYPE).send(hit);
      const query =
        parseCommonOrderQuery(request.query as Record<string, unknown>) ??
        parseOrRefuse(orderQuerySchema, request.query);
      const { book } = shared;
      const { sort } = query;
      const generation = shared.cache.generation(network.key);
      // The open book in the stored sorts, from memory: computed at once (no await, so the book cannot
      // change under it) and kept under the parsed query from its second request on (see
      // BookCache.admit), with the raw URL as an alias: other spellings of one query share one page.
      const isOpenBook = query.state.length === 1 && query.state[0] === 'open';
      const current = book && isOpenBook ? book.bookNow(network.key) : undefined;
      if (current && isStoredSort(sort)) {
        const key = `order:${JSON.stringify(query)}`;
        const kept = shared.cache.peek<string | Buffer>(network.key, key);
        if (kept !== undefined) {
          shared.cache.alias(network.key, rawKey, key, generation);
          return reply.type(JSON_TYPE).send(kept);
        }
        // As bytes (UTF-8, as a string would be sent; pageBytes): the socket takes a Buffer as it is, where
        // a fresh ~25 KB string is measured for content-length, then flattened and encoded at the socket;
        // a kept page is sent again without any of that (docs/PERFORMANCE.md, "Uncached reads").
        // `sort` is the query's own, a stored sort (no copy of the query to say so).
        const page = pageBytes(
          bookPageJson(listBookOrders(current, query as OrderQuery & { sort: typeof sort })),
          current.texts,
        );
        if (shared.cache.admit(network.key, key)) {
          shared.cache.set(network.key, key, page, generation);
          shared.cache.alias(network.key, rawKey, key, generation);
        }
        return reply.type(JSON_TYPE).send(page);
      }
      const inputs = isDerivedSort(query.sort) ? await sortInputs() : undefined;
      // A price-sorted page also changes with the prices: its entry is keyed by their version, and it
      // stays out of the raw hot path, which knows only the book's generation.
      const prices = isPriceSort(query.sort) ? inputs : undefined;
      const key = `order:${JSON.stringify(query)}${prices ? `:prices${prices.version}` : ''}`;
      const body = await shared.cache.get(network.key, key, async () => {
        // The open book while the read model is (re)built, once it is ready; history (any other state)
        // and the derived sorts (human amounts, prices: keys of decimals and prices that change under
        // the book) from the database.
        if (book && isStoredSort(sort) && isOpenBook) {
          return bookPageJson(listBookOrders(await book.book(network.key), { ...query, sort }));
        }
        const page = await listOrders(shared.db, network.key, query, {
          count: (where, params, limit) =>
            shared.cache.get(network.key, `count:${where}:${JSON.stringify(params)}:${limit ?? ''}`, () =>
              countOrders(shared.db, where, params, limit),
            ),
          ...(inputs ? { sortInputs: inputs } : {}),
        });
        return JSON.stringify(page);
      });
      if (!prices) shared.cache.alias(network.key, rawKey, key, generation);
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
};
