import { type LocalPostgres, postgresUnavailableReason, startPostgres } from '@relayer/devchain';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPostgresListener } from '../../src/db/createPostgresListener.js';
import { startTcpProxy } from '../helpers/startTcpProxy.js';
import { waitFor } from '../helpers/waitFor.js';

const unavailable = postgresUnavailableReason();
if (unavailable && process.env.CI) throw new Error(unavailable);
if (unavailable) console.warn(`\n!!! ${unavailable}\n`);

describe.skipIf(unavailable !== undefined)('the LISTEN connection', () => {
  let server: LocalPostgres;
  beforeAll(async () => {
    server = await startPostgres();
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  test('notices a connection that died without a word by its heartbeat, reconnects and reports the reset', async () => {
    const target = new URL(server.url);
    const proxy = await startTcpProxy(target.hostname, Number(target.port));
    const viaProxy = new URL(server.url);
    viaProxy.port = String(proxy.port);
    const errors: Error[] = [];
    const listener = createPostgresListener(
      { connectionString: viaProxy.toString(), connectionTimeoutMillis: 500 },
      (error) => errors.push(error),
      { reconnectMs: 100, heartbeatMs: 200, heartbeatTimeoutMs: 300 },
    );
    const payloads: string[] = [];
    let resets = 0;
    await listener.listen(
      'relayer_test',
      (payload) => payloads.push(payload),
      () => {
        resets += 1;
      },
    );
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    try {
      await admin.query("SELECT pg_notify('relayer_test', 'before')");
      await waitFor(() => payloads.includes('before'), 5_000, 'the first notification');

      proxy.blackhole();
      await waitFor(
        () => errors.some((e) => e.message.includes('heartbeat')),
        10_000,
        'the heartbeat to fail',
      );
      expect(resets).toBe(0);
      proxy.heal();
      await waitFor(() => resets === 1, 10_000, 'the reconnection');

      await admin.query("SELECT pg_notify('relayer_test', 'after')");
      await waitFor(() => payloads.includes('after'), 5_000, 'a notification on the new connection');
    } finally {
      await admin.end();
      await listener.close();
      await proxy.close();
    }
  }, 60_000);
});
