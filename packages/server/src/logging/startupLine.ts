import type { AddressInfo } from 'node:net';
import type { Config } from '../config.js';
import { redactUrl } from './redactUrl.js';

export interface StartupFacts {
  version: string;
  /** Where the public listener is reachable; empty when not listening. */
  url: string;
  metrics: AddressInfo | null;
  /** Per network key, as `app.watcherRoles` says. */
  watcher: Record<string, string>;
}

/**
 * The fields of the one 'relayer started' line: what an operator checks first after a deploy (which
 * version, which chains and contracts, which node and database, where it listens, whether it leads).
 * Nodes and the database appear as scheme://host:port only: their paths, queries and passwords are secrets.
 */
export function startupLine(config: Config, facts: StartupFacts): Record<string, unknown> {
  const { url } = config.database;
  return {
    version: facts.version,
    networks: config.networks.map((n) => ({
      key: n.key,
      name: n.name,
      prefix: n.prefix,
      chainId: n.chainId,
      node: redactUrl(n.rpcUrl),
      addresses: n.addresses,
      watcher: facts.watcher[n.key] ?? 'disabled',
    })),
    database: url
      ? { engine: 'postgres', server: redactUrl(url) }
      : { engine: 'pglite', dataDir: config.database.dataDir },
    listeners: {
      public: facts.url || null,
      metrics: facts.metrics ? `${facts.metrics.address}:${facts.metrics.port}` : null,
    },
  };
}
