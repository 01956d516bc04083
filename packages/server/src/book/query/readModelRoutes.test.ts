import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MAKER_1, MAKER_2, TOKEN_A, TOKEN_B, TOKEN_C } from '../../../test/helpers/fakeAddresses.js';
import { insertFakeOrders } from '../../../test/helpers/fakeOrders.js';
import { offlineConfig, startOfflineApp } from '../../../test/helpers/offlineApp.js';
import { buildApp } from '../../buildApp.js';

/**
 * The routes on the read model against the same routes on the database path, over one database: what
 * the model holds (the open book in the stored sorts) comes from memory, what it does not (history
 * states, state lists, the derived sorts) falls back to the database, and both answer the same bytes.
 */
describe('GET /order, /v0/orders, /v0/orderbook: read model and database path agree', () => {
  let model: Awaited<ReturnType<typeof startOfflineApp>>;
  let database: FastifyInstance;

  beforeAll(async () => {
    model = await startOfflineApp();
    database = await buildApp(offlineConfig(), { db: model.db, readModel: false });
    const orders = [];
    const states = ['open', 'open', 'open', 'filled', 'cancelled', 'expired', 'unfunded'];
    for (let i = 0; i < 42; i++) {
      orders.push({
        maker: i % 3 ? MAKER_1 : MAKER_2,
        makerToken: [TOKEN_A, TOKEN_B, TOKEN_C][i % 3] as string,
        takerToken: [TOKEN_B, TOKEN_C, TOKEN_A][i % 3] as string,
        makerTokenAmount: String(1000 + ((i * 37) % 11) * 100),
        takerTokenAmount: String(500 + ((i * 53) % 7) * 100),
        makerFee: String(i % 4),
        state: states[i % states.length] as string,
      });
    }
    await insertFakeOrders(model.db, 'main', orders);
    // Written behind the app's back: the read model reads the book again.
    model.resync();
    await model.app.readModel?.book('main');
  });
  afterAll(async () => {
    await database?.close();
    await model?.close();
  });

  const urls = [
    '/order?per_page=4',
    '/order?sort=makerFee&direction=desc&per_page=5&page=2',
    `/order?sort=takerToken&per_page=3&makerTokenAddress=${TOKEN_A}`,
    `/order?sort=createdAt&per_page=4&tokenAddress=${TOKEN_B}`,
    `/order?sort=expirationUnixTimestampSec&per_page=50&maker=${MAKER_1}`,
    // Not held by the model: history, state lists, derived sorts.
    '/order?state=filled&per_page=4',
    '/order?state=open,unfunded&per_page=4',
    '/order?sort=makerAmount&per_page=4',
    '/order?sort=askingPrice&direction=desc&per_page=4',
    `/v0/orders?makerTokenAddress=${TOKEN_A}&takerTokenAddress=${TOKEN_B}`,
    `/v0/orders?maker=${MAKER_2}&per_page=3&page=2`,
    `/v0/orderbook?baseTokenAddress=${TOKEN_A}&quoteTokenAddress=${TOKEN_B}`,
    `/v0/orderbook?baseTokenAddress=${TOKEN_C}&quoteTokenAddress=${TOKEN_A}&records=true`,
  ];

  test.each(urls)('%s', async (url) => {
    const fromModel = await model.app.inject(url);
    const fromDatabase = await database.inject(url);
    expect(fromModel.statusCode, fromModel.body).toBe(200);
    expect(fromModel.body).toBe(fromDatabase.body);
    expect(fromModel.headers.link).toBe(fromDatabase.headers.link);
  });

  // Pages of the model are sent as bytes, and kept from their second request: the first, second and
  // third answer (made, made and kept, sent from memory) carry the database path's bytes and headers.
  test.each(urls)('%s: the same headers and bytes when made, kept and sent again', async (url) => {
    const { date: _date, ...expected } = (await database.inject(url)).headers;
    const body = (await database.inject(url)).rawPayload;
    for (let i = 0; i < 3; i++) {
      const answer = await model.app.inject(url);
      const { date: _d, ...headers } = answer.headers;
      expect(headers, `${url} #${i + 1}`).toEqual(expected);
      expect(answer.rawPayload.equals(body), `${url} #${i + 1}`).toBe(true);
    }
  });

  test('and every page of a cursor walk', async () => {
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/order?sort=takerTokenAmount&per_page=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const fromModel: string = (await model.app.inject(url)).body;
      expect(fromModel, url).toBe((await database.inject(url)).body);
      cursor = (JSON.parse(fromModel) as { nextCursor: string | null }).nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBeGreaterThan(3);
  });
});
