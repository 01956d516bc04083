import { startPostgres } from '@relayer/devchain';
import pg from 'pg';
import { describe, expect, test } from 'vitest';
import { postgresMissing } from '../../test/helpers/postgresMissing.js';
import { startTcpProxy } from '../../test/helpers/startTcpProxy.js';
import { useStarted } from '../../test/helpers/useStarted.js';
import { waitFor } from '../../test/helpers/waitFor.js';
import { createPostgresListener } from './createPostgresListener.js';

const unavailable = postgresMissing('The LISTEN connection tests');

describe.skipIf(unavailable !== undefined)('the LISTEN connection', () => {
  const server = useStarted(startPostgres, 'PostgreSQL');

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

  test('delivers nothing of a new connection before its reset: a resync comes before anything it might hide', async () => {
    // What the listener delivered, in order: a notification's number, 'reset', or the number of
    // notifications sent when it reported a lost connection (only a new connection can deliver later ones).
    const seen: (number | 'reset' | { lostAfter: number })[] = [];
    let sent = 0;
    const listener = createPostgresListener(
      { connectionString: server.url },
      () => seen.push({ lostAfter: sent }),
      { reconnectMs: 20 },
    );
    await listener.listen(
      'relayer_order',
      (payload) => seen.push(Number(payload)),
      () => seen.push('reset'),
    );
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    const senders = [
      new pg.Client({ connectionString: server.url }),
      new pg.Client({ connectionString: server.url }),
    ];
    for (const sender of senders) await sender.connect();
    // Two connections notify as fast as they can, numbered in the order the statements are sent.
    let sending = true;
    const loops = senders.map(async (sender) => {
      while (sending) {
        sent += 1;
        await sender.query('SELECT pg_notify($1, $2)', ['relayer_order', String(sent)]);
      }
    });
    const resets = () => seen.filter((entry) => entry === 'reset').length;
    try {
      for (let cut = 1; cut <= 8; cut++) {
        const from = seen.length;
        await waitFor(
          () => seen.slice(from).some((entry) => typeof entry === 'number'),
          5_000,
          'notifications',
        );
        await admin.query(
          "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'relayer-listener' AND datname = current_database()",
        );
        await waitFor(() => resets() === cut, 10_000, 'the reset');
      }
    } finally {
      sending = false;
      await Promise.all(loops);
      for (const sender of senders) await sender.end();
      await admin.end();
      await listener.close();
    }
    const early: string[] = [];
    let lostAfter: number | undefined;
    for (const entry of seen) {
      if (entry === 'reset') lostAfter = undefined;
      else if (typeof entry === 'object') lostAfter = entry.lostAfter;
      else if (lostAfter !== undefined && entry > lostAfter) early.push(`${entry} (lost after ${lostAfter})`);
    }
    expect(early, 'notifications of a new connection delivered before its reset').toEqual([]);
    expect(resets()).toBe(8);
  }, 120_000);
});
