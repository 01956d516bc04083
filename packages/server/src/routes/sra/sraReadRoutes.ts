import { orderbookRecordsResponseSchema, signedOrderSchema } from '@relayer/protocol';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { mapAnswer } from '../../browse/mapAnswer.js';
import type { BookAnswer, OpenBookPage } from '../../browse/OpenBook.js';
import { findOrderByHash } from '../../orders/findOrderByHash.js';
import { parseOrRefuse } from '../../orders/parseOrRefuse.js';
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
export const sraReadRoutes: FastifyPluginAsync<NetworkContext> = async (app, context) => {
  const { app: shared, network, openBook, pages } = context;
  const limits = rateLimits(shared.config.http);
  const pairPages = new WeakMap<object, Map<string, CachedPage>>();
  const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? request.url;
  const sendPage = (reply: FastifyReply, page: CachedPage) =>
    reply.header('link', page.link).type(JSON_TYPE).send(page.body);
  /**
   * A page of the open book with its Link header, through the book's pages (as `GET /order`): a
   * repeated URL is answered without parsing it again, its raw URL an alias of the parsed query's entry.
   */
  const sendCachedPage = async <Q extends Record<string, unknown> & { page: number; per_page: number }>(
    request: FastifyRequest,
    reply: FastifyReply,
    name: string,
    schema: z.ZodType<Q>,
    make: (query: Q) => BookAnswer<OpenBookPage>,
  ) => {
    const rawKey = `${name}:${request.url}`;
    const hit = pages.peek<CachedPage>(rawKey);
    if (hit !== undefined) return sendPage(reply, hit);
    const query = parseOrRefuse(schema, request.query);
    const path = pathOf(request);
    const page = await pages.answer(rawKey, `${name}:${path}:${JSON.stringify(query)}`, () =>
      mapAnswer(make(query), ({ body, total }) => ({
        body,
        link: linkHeader(path, query, query.page, query.per_page, total),
      })),
    );
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
      let kept = pairPages.get(tokens);
      if (!kept) {
        kept = new Map();
        pairPages.set(tokens, kept);
      }
      const path = pathOf(request);
      const key = `${path}:${JSON.stringify(query)}`;
      let page = kept.get(key);
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
        if (kept.size >= MAX_CACHED_PAIR_PAGES) kept.clear();
        kept.set(key, page);
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
      return sendCachedPage(request, reply, 'v0orders', sraOrdersQuerySchema, (query) => {
        const { page, per_page: perPage, ...filters } = query;
        return openBook.sraOrders(filters, page, perPage);
      });
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
      return sendCachedPage(request, reply, 'v0book', orderbookQuerySchema, (query) =>
        openBook.market({
          base: query.baseTokenAddress,
          quote: query.quoteTokenAddress,
          page: query.page,
          perPage: query.per_page,
          records: query.records === 'true',
        }),
      );
    },
  );
};
