import { startPostgres } from '@relayer/devchain';
import { Registry } from 'prom-client';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { postgresMissing } from '../../test/helpers/postgresMissing.js';
import { useStarted } from '../../test/helpers/useStarted.js';
import { fastWatcher, waitFor } from '../../test/helpers/watcherHarness.js';
import { E18, useWatcherTestKit } from '../../test/helpers/watcherTestKit.js';
import type { Database } from '../db/Database.js';
import { migrate } from '../db/migrate.js';
import { openDatabase } from '../db/openDatabase.js';
import { registerScrapeGauges } from '../ops/registerScrapeGauges.js';
import type { ChainWatcher } from './createChainWatcher.js';

const kit = useWatcherTestKit();
const { h, makeOrder, startWatcher, fill, eventFor } = kit;
const { running } = kit;

describe('chain watcher leadership', () => {
  test('only one of two watchers on one database leads, and the other takes over when it stops', async () => {
    const order = await makeOrder();
    const hash = await h.storeOrder(order);
    const a = await startWatcher();
    const b = h.watch();
    running.push(b);
    b.start();
    await waitFor(() => b.status().processedBlock !== null && b.status().headBlock !== null);
    expect([a.status().isLeader, b.status().isLeader]).toEqual([true, false]);
    // What the start-up line reports for each.
    expect([a.role(), b.role()]).toEqual(['leading', 'following']);
    expect(b.status().processedBlock).toBe(a.status().processedBlock);

    await a.stop();
    await waitFor(() => b.status().isLeader, 5_000, 'the follower to take over');
    expect(b.role()).toBe('leading');
    await fill(order, 2n * E18);
    await waitFor(async () => (await h.orderRow(hash))?.state === 'filled');
    expect(a.status().isLeader).toBe(false);
  });
});

const unavailable = postgresMissing('The chain watcher leader tests on PostgreSQL');

describe.skipIf(unavailable !== undefined)('chain watcher leadership on a real PostgreSQL', () => {
  const server = useStarted(startPostgres, 'PostgreSQL');
  let first: Database;
  let second: Database;
  let admin: Database;
  let counter = 0;

  beforeEach(async () => {
    counter += 1;
    const url = await server.createDatabase(`watcher_${counter}`);
    first = await openDatabase({ url, dataDir: 'unused' });
    second = await openDatabase({ url, dataDir: 'unused' });
    admin = await openDatabase({ url, dataDir: 'unused' });
    await migrate(first);
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((w) => w.stop()));
    await Promise.all([first, second, admin].map((db) => db.close().catch(() => {})));
  });

  const start = (db: Database, options = fastWatcher) => {
    const watcher = h.watch({ db, options });
    running.push(watcher);
    watcher.start();
    return watcher;
  };

  /** A stored order, watcher `a` on the first database leading and `b` on the second following. */
  const leaderAndFollower = async (aDb: Database = first, options = fastWatcher) => {
    const order = await makeOrder();
    const hash = await h.storeOrder(order, Date.now(), admin);
    const a = start(aDb, options);
    await waitFor(() => a.status().isLeader && a.status().processedBlock !== null, 10_000, 'a first leader');
    const b = start(second, options);
    await waitFor(() => b.status().processedBlock !== null, 10_000, 'the follower to report');
    return { order, hash, a, b };
  };

  test('two instances: one leads; when its connection dies the other takes over and applies events', async () => {
    const { order, hash, b } = await leaderAndFollower();
    expect(b.status().isLeader).toBe(false);

    // The leader's process "dies": its sessions end, and PostgreSQL frees its advisory lock.
    await first.close();
    await waitFor(() => b.status().isLeader, 10_000, 'the follower to take over');
    await fill(order, 2n * E18);
    await waitFor(
      async () => (await h.orderRow(hash, admin))?.state === 'filled',
      10_000,
      'the new leader to apply the fill',
    );
    expect(eventFor(hash, 'removed')).toMatchObject({ state: 'filled' });
  });

  test('a leader whose lock session was cut steps down instead of writing beside the new leader', async () => {
    // A database whose lock sessions die unnoticed (a half-open connection sends no event).
    const deaf: Database = { ...first, tryAdvisoryLock: (key) => first.tryAdvisoryLock(key) };
    const { order, hash, a, b } = await leaderAndFollower(deaf);

    // Cut only the lock's session: the old leader's pool still works and it does not know.
    await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND granted`,
    );
    await waitFor(() => b.status().isLeader, 10_000, 'the follower to take the free lock');
    await fill(order, E18);
    await waitFor(() => !a.status().isLeader, 10_000, 'the fenced-off leader to step down');
    await waitFor(async () => (await h.orderRow(hash, admin))?.filled_taker === E18.toString());
    const [state] = await admin.query<{ leader: string }>('SELECT leader FROM watcher_state');
    expect(state?.leader).toEqual(expect.any(String));
    expect([a.status().isLeader, b.status().isLeader]).toEqual([false, true]);
  });

  test('a leader whose lock session is terminated reads 0 on its leader gauge at once; then one leads', async () => {
    // Ticks a second apart: the gauge must fall before the old leader's next tick could take the lock again.
    const { a, b } = await leaderAndFollower(first, { ...fastWatcher, pollMs: 1000 });
    const gauge = leaderGauge([a, b]);
    expect(await gauge()).toEqual([1, 0]);

    await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND granted`,
    );
    await waitFor(async () => (await gauge())[0] === 0, 500, "the old leader's gauge to fall to 0");
    await waitFor(async () => sum(await gauge()) === 1, 15_000, 'one instance to lead again');
    // And never two: sampled for a few follower polls.
    for (let i = 0; i < 20; i++) {
      expect(sum(await gauge())).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
});

/** Reads `relayer_watcher_leader` of each watcher as a scrape would, in their order. */
function leaderGauge(watchers: readonly ChainWatcher[]): () => Promise<number[]> {
  const registries = watchers.map((watcher) => {
    const registry = new Registry();
    registerScrapeGauges(registry, {
      db: { query: async () => [], ping: async () => true },
      networks: [{ network: kit.h.network, reader: kit.h.reader, watcher }],
      prices: { get: () => ({ updatedAt: null, stale: false, staleAt: null }) as never },
      openOrders: async () => 0,
      analyticsEnabled: false,
      now: Date.now,
    });
    return registry;
  });
  return async () =>
    Promise.all(
      registries.map(async (registry) => {
        const metric = registry.getSingleMetric('relayer_watcher_leader');
        const [sample] = (await metric?.get())?.values ?? [];
        return sample?.value ?? Number.NaN;
      }),
    );
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
