import { type Deployment, relayerEnv } from '@relayer/devchain';
import { type Config, loadConfig } from '@relayer/server';

export interface DevRelayerOptions {
  host: string;
  port: number;
  /** PGlite directory. */
  dataDir: string;
  rpcUrl: string;
  deployment: Deployment;
  logLevel: string;
  /** Origins of the web app, whose pageviews the relayer counts. */
  webOrigins: readonly string[];
}

/** The relayer's configuration for `npm start`: the server's own loader, on the dev chain, PGlite in `dataDir`. */
export function devRelayerConfig(options: DevRelayerOptions): Config {
  return loadConfig({
    HOST: options.host,
    PORT: String(options.port),
    LOG_LEVEL: options.logLevel,
    DATABASE_URL: '',
    DATA_DIR: options.dataDir,
    ...relayerEnv({
      chainId: options.deployment.chainId,
      rpcUrl: options.rpcUrl,
      deployment: options.deployment,
    }),
    // One developer clicking around: no per-IP write budget, a snappy chain watcher.
    WRITE_RATE_LIMIT_PER_MINUTE: '0',
    WATCHER_POLL_MS: '500',
    ANALYTICS_ORIGINS: options.webOrigins.join(','),
  });
}
