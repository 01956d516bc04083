import { type LocalPostgres, startPostgres } from '@relayer/devchain';
import { orderListResponseSchema } from '@relayer/protocol';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TOKEN_A, TOKEN_B } from '../../test/helpers/fakeAddresses.js';
import { insertFakeOrders } from '../../test/helpers/fakeOrders.js';
import { offlineConfig } from '../../test/helpers/offlineApp.js';
import { postgresMissing } from '../../test/helpers/postgresMissing.js';
import { waitFor } from '../../test/helpers/waitFor.js';
import { openDatabase } from '../db/openDatabase.js';
import { BookEvents } from '../events/BookEvents.js';
import { type RunningRelayer, startRelayer } from '../startRelayer.js';

const unavailable = postgresMissing('The two-instance app tests');

const METRICS_TOKEN = 'postgres-app-metrics-token';
const WEB_APP = 'https://relayer.example';

/** Two relayer instances on one PostgreSQL database, as behind a load balancer. */
describe.skipIf(unavailable !== undefined)('two instances on PostgreSQL', () => {
  let server: LocalPostgres;
  let relayers: RunningRelayer[] = [];
  let first: FastifyInstance;
  let second: FastifyInstance;
  const firstEvents = new BookEvents();

  beforeAll(async () => {
    server = await startPostgres();
    const config = offlineConfig({
      database: { url: server.url, dataDir: 'unused' },
      metrics: { host: '127.0.0.1', token: METRICS_TOKEN },
      analytics: { enabled: true, origins: [WEB_APP] },
    });
    // Each instance opens, migrates (both at once: the advisory lock serialises them) and owns its pool.
    relayers = await Promise.all([
      startRelayer(config, { deps: { events: firstEvents }, listen: false }),
      startRelayer(config, { listen: false }),
    ]);
    [first, second] = relayers.map((relayer) => relayer.app) as [FastifyInstance, FastifyInstance];
  }, 60_000);

  afterAll(async () => {
    await Promise.all(relayers.map((relayer) => relayer.close()));
    await server?.stop();
  });

  test('both serve the same book, and a change published on one reaches the read model of the other', async () => {
    const db = await openDatabase({ url: server.url, dataDir: 'unused' });
    const total = async (app: FastifyInstance) =>
      orderListResponseSchema.parse((await app.inject('/order')).json()).total;
    const stored = await insertFakeOrders(db, 'main', [{ makerToken: TOKEN_A, takerToken: TOKEN_B }, {}]);
    // The first instance's bus goes through NOTIFY; the second hears it and reads the rows.
    await firstEvents.publish({ type: 'changed', network: 'main', orderHashes: stored });
    expect(await total(first)).toBe(2);
    await waitFor(async () => (await total(second)) === 2, 10_000, 'the NOTIFY to reach the second instance');
    const [third] = await insertFakeOrders(db, 'main', [{ makerFee: '7' }]);
    expect(await total(second)).toBe(2);
    await firstEvents.publish({ type: 'changed', network: 'main', orderHashes: [third as string] });
    await waitFor(async () => (await total(second)) === 3, 10_000, 'the NOTIFY to reach the second instance');
    // The publisher's own cache is dropped by the same notification coming back: eventually too.
    await waitFor(async () => (await total(first)) === 3, 10_000, 'the NOTIFY to reach the first instance');
    await db.close();
  });

  test('reports the database healthy and counts pageviews in the shared table', async () => {
    expect((await first.inject('/health')).json()).toMatchObject({ database: 'ok' });
    const pageview = { method: 'POST' as const, url: '/analytics/pageview', headers: { origin: WEB_APP } };
    await first.inject({ ...pageview, payload: { path: '/coins/gnt/overview' } });
    await second.inject({ ...pageview, payload: { path: '/coins/gnt/overview' } });
    const metrics = await second.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(metrics.body).toContain('relayer_pageviews{path="/coins/gnt/overview"} 2');
  });
});
