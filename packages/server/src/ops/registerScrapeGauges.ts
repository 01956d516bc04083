import { Gauge, type Registry } from 'prom-client';
import type { Database } from '../db/Database.js';
import type { PriceCache } from '../prices/createPriceCache.js';
import type { HealthTarget } from '../routes/healthRoute.js';
import type { WatcherStatus } from '../watcher/createChainWatcher.js';

export interface ScrapeGaugeSources {
  db: Pick<Database, 'query' | 'ping'>;
  networks: readonly HealthTarget[];
  prices: Pick<PriceCache, 'get'>;
  /** Open orders of a network (the cached count the order list uses). */
  openOrders: (network: string) => Promise<number>;
  analyticsEnabled: boolean;
  /** Unix milliseconds. */
  now: () => number;
}

/** Distinct pageview paths exported; the rest are summed into `path="other"`. */
const MAX_PAGEVIEW_PATHS = 100;

/**
 * Gauges whose values are read when Prometheus scrapes (database, open orders, chain node and watcher
 * state, price age, pageviews), so they cost nothing between scrapes. A value that cannot be read is NaN,
 * which an alert on absence or staleness catches, rather than a stale number; the database's own state
 * is a 0/1 gauge, so its outage is alerted on by value.
 */
export function registerScrapeGauges(registry: Registry, sources: ScrapeGaugeSources): void {
  const gauge = <L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    collect: (g: Gauge<L>) => void | Promise<void>,
  ) =>
    new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        this.reset();
        await collect(this);
      },
    });
  const { networks } = sources;
  gauge('relayer_database_up', '1 while the database answers a ping', [], async (g) => {
    g.set((await sources.db.ping()) ? 1 : 0);
  });
  gauge('relayer_open_orders', 'Open orders in the book', ['network'], async (g) => {
    for (const { network } of networks) {
      g.set({ network: network.key }, await sources.openOrders(network.key).catch(() => Number.NaN));
    }
  });
  gauge(
    'relayer_chain_up',
    "1 while the network's node answers and serves the configured chain",
    ['network'],
    (g) => {
      for (const { network, node } of networks) {
        if (node) g.set({ network: network.key }, node.status().state === 'up' ? 1 : 0);
      }
    },
  );
  const watched = (read: (status: WatcherStatus) => number) => (g: Gauge<'network'>) => {
    for (const { network, watcher } of networks) {
      const status = watcher?.status();
      if (status) g.set({ network: network.key }, read(status));
    }
  };
  gauge(
    'relayer_watcher_lag_blocks',
    'Blocks between the chain head and the watcher',
    ['network'],
    watched((s) =>
      s.headBlock !== null && s.processedBlock !== null ? s.headBlock - s.processedBlock : Number.NaN,
    ),
  );
  gauge(
    'relayer_watcher_healthy',
    '1 when the last watcher tick succeeded',
    ['network'],
    watched((s) => (s.healthy ? 1 : 0)),
  );
  gauge(
    'relayer_watcher_leader',
    '1 when this instance applies chain events',
    ['network'],
    watched((s) => (s.isLeader ? 1 : 0)),
  );
  gauge(
    'relayer_price_age_seconds',
    'Age of the last price refresh (NaN: static example prices)',
    [],
    (g) => {
      const { updatedAt } = sources.prices.get();
      g.set(updatedAt === null ? Number.NaN : (sources.now() - Date.parse(updatedAt)) / 1000);
    },
  );
  gauge('relayer_prices_stale', '1 when prices are older than PRICE_MAX_AGE_MS', [], (g) => {
    g.set(sources.prices.get().stale ? 1 : 0);
  });
  if (sources.analyticsEnabled) {
    gauge('relayer_pageviews', 'Pageviews reported by the web app, all days', ['path'], async (g) => {
      const rows = await sources.db
        .query<{ path: string; views: number | string }>(
          'SELECT path, sum(views) AS views FROM analytics_pageviews GROUP BY path ORDER BY sum(views) DESC, path',
        )
        .catch(() => []);
      for (const row of rows.slice(0, MAX_PAGEVIEW_PATHS)) g.set({ path: row.path }, Number(row.views));
      const rest = rows.slice(MAX_PAGEVIEW_PATHS).reduce((sum, row) => sum + Number(row.views), 0);
      if (rest > 0) g.set({ path: 'other' }, rest);
    });
  }
}
