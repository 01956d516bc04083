import type { Deployment } from '@relayer/devchain';
import { buildApp, type Config, loadConfig, migrate, openDatabase } from '@relayer/server';

export interface StartRelayerOptions {
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

export interface RunningRelayer {
  url: string;
  config: Config;
  close(): Promise<void>;
}

/** The relayer in this process: the server's own config loader, on the dev chain, PGlite in `dataDir`. */
export async function startRelayer(options: StartRelayerOptions): Promise<RunningRelayer> {
  const { deployment } = options;
  const config = loadConfig({
    HOST: options.host,
    PORT: String(options.port),
    LOG_LEVEL: options.logLevel,
    DATABASE_URL: '',
    DATA_DIR: options.dataDir,
    CHAIN_ID: String(deployment.chainId),
    RPC_URL: options.rpcUrl,
    EXCHANGE_ADDRESS: deployment.exchange,
    TOKEN_TRANSFER_PROXY_ADDRESS: deployment.tokenTransferProxy,
    ZRX_ADDRESS: deployment.zrx,
    WETH_ADDRESS: deployment.weth,
    TOKEN_REGISTRY_ADDRESS: deployment.tokenRegistry,
    // One developer clicking around: no per-IP write budget, a snappy chain watcher.
    WRITE_RATE_LIMIT_PER_MINUTE: '0',
    WATCHER_POLL_MS: '500',
    ANALYTICS_ORIGINS: options.webOrigins.join(','),
  });
  const db = await openDatabase(config.database);
  try {
    await migrate(db);
    const app = await buildApp(config, { db });
    await app.listen({ host: config.host, port: config.port });
    return {
      url: `http://${config.host}:${config.port}`,
      config,
      close: async () => {
        await app.close();
        await db.close();
      },
    };
  } catch (error) {
    await db.close();
    throw error;
  }
}
