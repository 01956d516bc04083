import {
  type OrderbookRecordsResponse,
  orderbookRecordsResponseSchema,
  signedOrderSchema,
} from '@relayer/protocol';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { orderRecordsJson, pageBytes, signedOrdersJson } from '../../book/json/bookOrderJson.js';
import type { NetworkBook } from '../../book/model/NetworkBook.js';
import { bookMarket, bookSraOrders } from '../../book/query/bookMarkets.js';
import { findOrderByHash } from '../../orders/findOrderByHash.js';
import { findSraOrders } from '../../orders/findSraOrders.js';
import { parseOrRefuse } from '../../orders/parseOrRefuse.js';
import { countOrderbook, queryOrderbook } from '../../orders/queryOrderbook.js';
import { toSraOrder } from '../../orders/toSraOrder.js';
import { linkHeader } from '../linkHeader.js';
import type { NetworkContext } from '../RouteContext.js';
import { rateLimits } from '../rateLimits.js';
import { errorBody, toOpenApi } from '../toOpenApi.js';
import { orderbookQuerySchema, sraOrdersQuerySchema, tokenPairsQuerySchema } from './sraQueries.js';
import { tokenPairs } from './tokenPairs.js';

const JSON_TYPE = 'application/json; charset=utf-8';

interface CachedPage {
  /** Pages made from the read model are bytes (see `GET /order`), the database's JSON text. */
  body: string | Buffer;
  link: string;
}

/** Token-pair pages remembered per token list. */
const MAX_CACHED_PAIR_PAGES = 1000;

/** SRA v0 reads (PROTOCOL.md §9.2) under `{prefix}/v0`. Answers are cached per book state like `GET /order`. */
export const sraReadRoutes: FastifyPluginAsync<NetworkContext> = async (app, { app: shared, network }) => {
  const limits = rateLimits(shared.config.http);
  const { book } = shared;
  const pairPages = new WeakMap<object, Map<string, CachedPage>>();
  const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? request.url;
  const sendPage = (reply: FastifyReply, page: CachedPage) =>
    reply.header('link', page.link).type(JSON_TYPE).send(page.body);
  /**
   * A page answered from the book cache. A repeated URL is answered without parsing it again (as
   * `GET /order` does); otherwise the query is parsed and the page made from the read model's book
   * at once when it is current (`fromBook`: no await, so the book cannot change under it, and the page
   * is kept under the parsed query from its second request on, see BookCache.admit), else from the read
   * model once it is ready or from the database (`fromDatabase`), shared by concurrent misses of one
   * parsed query. The raw URL is an alias of the parsed query's entry, never a copy of the page.
   */
  const sendCachedPage = async <Q>(
    request: FastifyRequest,
    reply: FastifyReply,
    name: string,
    schema: z.ZodType<Q>,
    fromBook: (current: NetworkBook, query: Q, path: string) => CachedPage,
    fromDatabase: (query: Q, path: string) => Promise<CachedPage>,
  ) => {
    const rawKey = `${name}:${request.url}`;
    const hit = shared.cache.peek<CachedPage>(network.key, rawKey);
    if (hit !== undefined) return sendPage(reply, hit);
    const query = parseOrRefuse(schema, request.query);
    const path = pathOf(request);
    const generation = shared.cache.generation(network.key);
    const key = `${name}:${path}:${JSON.stringify(query)}`;
    const current = book?.bookNow(network.key);
    if (current) {
      const kept = shared.cache.peek<CachedPage>(network.key, key);
      if (kept !== undefined) {
        shared.cache.alias(network.key, rawKey, key, generation);
        return sendPage(reply, kept);
      }
      const page = fromBook(current, query, path);
      if (shared.cache.admit(network.key, key)) {
        shared.cache.set(network.key, key, page, generation);
        shared.cache.alias(network.key, rawKey, key, generation);
      }
      return sendPage(reply, page);
    }
    const page = await shared.cache.get(network.key, key, async () =>
      book ? fromBook(await book.book(network.key), query, path) : fromDatabase(query, path),
    );
    shared.cache.alias(network.key, rawKey, key, generation);
    return sendPage(reply, page);
  };
  const docs = (summary: string, querystring?: z.ZodType, response?: z.ZodType) => ({
    config: limits.read,
    schema: {
      tags: ['SRA v0'],
      summary,
      ...(querystring ? { querystring: toOpenApi(querystring, 'input') } : {}),
      response: { ...(response ? { 200: toOpenApi(response) } : {}), 400: errorBody, 404: errorBody },
    },
  });

  app.get(
    '/token_pairs',
    docs('Tradable pairs with trade limits', tokenPairsQuerySchema),
    async (request, reply) => {
      const query = parseOrRefuse(tokenPairsQuerySchema, request.query);
      const tokens = await shared.tokens.list(network.key);
      // Pages are kept per token list (the directory hands out a new list when tokens change).
      let pages = pairPages.get(tokens);
      if (!pages) {
        pages = new Map();
        pairPages.set(tokens, pages);
      }
      const path = pathOf(request);
      const key = `${path}:${JSON.stringify(query)}`;
      let page = pages.get(key);
      if (!page) {
        const { total, pairs } = tokenPairs(
          tokens,
          query.tokenA,
          query.tokenB,
          (query.page - 1) * query.per_page,
          query.per_page,
        );
        page = {
          body: JSON.stringify(pairs),
          link: linkHeader(path, query, query.page, query.per_page, total),
        };
        if (pages.size >= MAX_CACHED_PAIR_PAGES) pages.clear();
        pages.set(key, page);
      }
      return sendPage(reply, page);
    },
  );

  app.get(
    '/orders',
    docs(
      'Open orders matching every filter; price-sorted when both token filters are given',
      sraOrdersQuerySchema,
      z.array(signedOrderSchema),
    ),
    async (request, reply) => {
      return sendCachedPage(
        request,
        reply,
        'v0orders',
        sraOrdersQuerySchema,
        (current, query, path) => {
          const { page: number, per_page: perPage, ...filters } = query;
          const found = bookSraOrders(current, filters, number, perPage);
          const link = linkHeader(path, query, number, perPage, found.total);
          return { body: pageBytes(signedOrdersJson(found.orders), current.texts), link };
        },
        async (query, path) => {
          const { page: number, per_page: perPage, ...filters } = query;
          const found = await findSraOrders(shared.db, network.key, filters, number, perPage);
          const link = linkHeader(path, query, number, perPage, found.total);
          return { body: JSON.stringify(found.orders.map(toSraOrder)), link };
        },
      );
    },
  );

  app.get<{ Params: { orderHash: string } }>(
    '/order/:orderHash',
    docs('One order by hash (404 when unknown)', undefined, signedOrderSchema),
    async (request) => {
      return toSraOrder(await findOrderByHash(shared.db, network.key, request.params.orderHash));
    },
  );

  app.get(
    '/orderbook',
    docs(
      'Bids (buying the base token) best price first, asks (selling it) best price first; with records=true, OrderRecords and a total per side',
      orderbookQuerySchema,
      z.union([
        z.object({ bids: z.array(signedOrderSchema), asks: z.array(signedOrderSchema) }),
        orderbookRecordsResponseSchema,
      ]),
    ),
    async (request, reply) => {
      return sendCachedPage(
        request,
        reply,
        'v0book',
        orderbookQuerySchema,
        (current, query, path) => {
          const { baseTokenAddress: base, quoteTokenAddress: quote } = query;
          const market = bookMarket(current, base, quote, query.per_page, (query.page - 1) * query.per_page);
          const total = Math.max(market.counts.bids, market.counts.asks);
          const link = linkHeader(path, query, query.page, query.per_page, total);
          // Written as JSON.stringify would write the OrderbookRecordsResponse or the SRA answer.
          const body =
            query.records === 'true'
              ? `{"bids":${orderRecordsJson(market.bids)},"asks":${orderRecordsJson(market.asks)},` +
                `"total":{"bids":${market.counts.bids},"asks":${market.counts.asks}},` +
                `"page":${query.page},"perPage":${query.per_page}}`
              : `{"bids":${signedOrdersJson(market.bids)},"asks":${signedOrdersJson(market.asks)}}`;
          return { body: pageBytes(body, current.texts), link };
        },
        async (query, path) => {
          const { baseTokenAddress: base, quoteTokenAddress: quote } = query;
          const [sides, counts] = await Promise.all([
            queryOrderbook(
              shared.db,
              network.key,
              base,
              quote,
              query.per_page,
              (query.page - 1) * query.per_page,
            ),
            countOrderbook(shared.db, network.key, base, quote),
          ]);
          const total = Math.max(counts.bids, counts.asks);
          const link = linkHeader(path, query, query.page, query.per_page, total);
          if (query.records === 'true') {
            const answer: OrderbookRecordsResponse = {
              bids: sides.bids,
              asks: sides.asks,
              total: counts,
              page: query.page,
              perPage: query.per_page,
            };
            return { body: JSON.stringify(answer), link };
          }
          return {
            body: JSON.stringify({ bids: sides.bids.map(toSraOrder), asks: sides.asks.map(toSraOrder) }),
            link,
          };
        },
      );
    },
  );
};
