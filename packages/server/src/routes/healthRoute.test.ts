import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { postgresUnavailableReason, startPostgres } from '@relayer/devchain';
import { healthResponseSchema } from '@relayer/protocol';
import type { FastifyInstance } from 'fastify';
import { describe, expect, test } from 'vitest';
import { insertFakeOrders } from '../../test/helpers/fakeOrders.js';
import { FAKE_TOKENS } from '../../test/helpers/fakeTokens.js';
import { insertTokens, offlineConfig, startOfflineApp } from '../../test/helpers/offlineApp.js';
import { signedMainOrder } from '../../test/helpers/signedMainOrder.js';
import { waitFor } from '../../test/helpers/waitFor.js';
import { openDatabase } from '../db/openDatabase.js';
import { startRelayer } from '../startRelayer.js';

/** An app with two networks (nodes unreachable), three open orders on the main one. */
async function appWithBook(overrides: Parameters<typeof startOfflineApp>[0] = {}) {
  const env = await startOfflineApp(overrides);
  await insertTokens(env.db, 'main', FAKE_TOKENS.slice(0, 2));
  await insertFakeOrders(env.db, 'main', [{}, {}, {}]);
  env.resync();
  // Reads wait for the book to be read again.
  expect((await env.app.inject('/order')).json().total).toBe(3);
  return env;
}

const health = async (env: { app: FastifyInstance }) => {
  const response = await env.app.inject('/health');
  return { statusCode: response.statusCode, body: healthResponseSchema.parse(response.json()) };
};

/** A signed order on the main network (its tokens listed by `appWithBook`). */
const signedOrder = () => signedMainOrder();

test('says which instance answers (host name and pid by default) and its watcher role per network', async () => {
  const env = await appWithBook();
  const { statusCode, body } = await health(env);
  expect(statusCode).toBe(200);
  expect(body.instance).toBe(`${hostname()}:${process.pid}`);
  // The suite's watcher is off; a node that does not answer makes the instance degraded, not down.
  expect(body).toMatchObject({ status: 'degraded', database: 'ok' });
  expect(body.networks.map((n) => [n.prefix, n.watcher, n.book])).toEqual([
    ['', 'disabled', 'ok'],
    ['/kovan', 'disabled', 'ok'],
  ]);
  await env.close();

  const named = await appWithBook({ instanceName: 'relayer1' });
  expect((await health(named)).body.instance).toBe('relayer1');
  await named.close();
});

test('a database outage degrades: 200 with the database down while reads are served from memory', async () => {
  const env = await appWithBook();
  await env.db.close();

  const { statusCode, body } = await health(env);
  expect(statusCode).toBe(200);
  expect(body).toMatchObject({ status: 'degraded', database: 'down' });
  expect(body.networks.map((n) => n.book)).toEqual(['ok', 'ok']);
  // What keeps the instance in the proxy's pool is true: the book is read, writes are refused by code.
  const orders = await env.app.inject('/order');
  expect(orders.statusCode).toBe(200);
  expect(orders.json().total).toBe(3);
  const write = await env.app.inject({ method: 'POST', url: '/order/new', payload: await signedOrder() });
  expect(write.statusCode).toBe(503);
  expect(write.json()).toMatchObject({ error: 'DATABASE_UNAVAILABLE' });
  await env.app.close();
});

test('503 down when a book cannot be read: it must be read again and the database is gone', async () => {
  const env = await appWithBook();
  await env.db.close();
  // A lost notification connection asks for this: the book is not served until read again.
  env.resync();

  const { statusCode, body } = await health(env);
  expect(statusCode).toBe(503);
  expect(body).toMatchObject({ status: 'down', database: 'down' });
  expect(body.networks.map((n) => n.book)).toEqual(['unavailable', 'unavailable']);
  expect((await env.app.inject('/order')).statusCode).toBe(503);
  await env.app.close();
});

test('without the in-memory book reads need the database: its outage is down (503)', async () => {
  const env = await startOfflineApp({}, { readModel: false });
  expect((await health(env)).statusCode).toBe(200);
  await env.db.close();
  const { statusCode, body } = await health(env);
  expect(statusCode).toBe(503);
  expect(body).toMatchObject({ status: 'down', database: 'down' });
  await env.app.close();
});

test('no 200 once the instance is shutting down, so the proxy stops sending it requests', async () => {
  const env = await appWithBook();
  await env.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = env.app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}/health`;
  expect((await fetch(url)).status).toBe(200);
  const closing = env.app.close();
  await new Promise((resolve) => setImmediate(resolve));
  // Fastify answers 503 on connections still open (return503OnClosing) and accepts no new ones.
  const answer = await fetch(url).then(
    (response) => response.status,
    () => 'refused',
  );
  expect([503, 'refused']).toContain(answer);
  await closing;
  await env.db.close();
});

const postgresMissing = postgresUnavailableReason();
if (postgresMissing && process.env.CI) throw new Error(postgresMissing);
if (postgresMissing) console.warn(`\n!!! /health on a PostgreSQL outage SKIPPED: ${postgresMissing}\n`);

describe.skipIf(postgresMissing !== undefined)('two instances on PostgreSQL', () => {
  test('PostgreSQL stopped: both instances stay 200 degraded, serve the book and refuse writes by code', async () => {
    const server = await startPostgres();
    const seed = await openDatabase({ url: server.url, dataDir: 'unused' });
    const relayers = await Promise.all(
      ['relayer1', 'relayer2'].map((instanceName) =>
        startRelayer(offlineConfig({ database: { url: server.url, dataDir: 'unused' }, instanceName }), {
          listen: false,
        }),
      ),
    );
    try {
      await insertTokens(seed, 'main', FAKE_TOKENS.slice(0, 2));
      await insertFakeOrders(seed, 'main', [{}, {}, {}]);
      for (const { app } of relayers) {
        app.readModel?.rebuild('main');
        await waitFor(async () => (await app.inject('/order')).json().total === 3, 10_000, 'the book');
        expect((await health({ app })).body).toMatchObject({ database: 'ok' });
      }
      await seed.close();
      await server.stop();

      for (const [i, { app }] of relayers.entries()) {
        const { statusCode, body } = await health({ app });
        expect(statusCode).toBe(200);
        expect(body).toMatchObject({ status: 'degraded', database: 'down', instance: `relayer${i + 1}` });
        expect(body.networks.map((n) => n.book)).toEqual(['ok', 'ok']);
        expect((await app.inject('/order')).json().total).toBe(3);
        const write = await app.inject({ method: 'POST', url: '/order/new', payload: await signedOrder() });
        expect(write.statusCode).toBe(503);
        expect(write.json()).toMatchObject({ error: 'DATABASE_UNAVAILABLE' });
      }
    } finally {
      await Promise.all(relayers.map((relayer) => relayer.close()));
      await seed.close();
      await server.stop();
    }
  }, 120_000);
});
