import { SECRET_FILE_VARIABLES } from './readSecretFiles.js';

/**
 * Every environment variable the relayer reads, once, with the configuration field it sets (a path in
 * `Config`). `loadConfig` names a problem by its variable from here, the start refuses a lookalike name
 * that is not here, and a test holds `.env.example` to exactly this list.
 */
export const GLOBAL_VARIABLES: Readonly<Record<string, string>> = {
  HOST: 'host',
  PORT: 'port',
  LOG_LEVEL: 'logLevel',
  INSTANCE_NAME: 'instanceName',
  SHUTDOWN_TIMEOUT_MS: 'shutdownTimeoutMs',
  CORS_ORIGINS: 'http.corsOrigins',
  WRITE_RATE_LIMIT_PER_MINUTE: 'http.writeRateLimitPerMinute',
  READ_RATE_LIMIT_PER_MINUTE: 'http.readRateLimitPerMinute',
  PAGE_CACHE_BYTES: 'http.pageCacheBytes',
  TRUST_PROXY: 'http.trustProxy',
  API_DOCS: 'http.docs',
  DATABASE_URL: 'database.url',
  DATA_DIR: 'database.dataDir',
  FEE_RECIPIENT: 'fees.feeRecipient',
  MAKER_FEE: 'fees.makerFee',
  TAKER_FEE: 'fees.takerFee',
  ORDER_EXPIRY_MARGIN_SEC: 'orders.expiryMarginSec',
  BODY_LIMIT_BYTES: 'orders.bodyLimitBytes',
  ORDER_SUBMISSION_ENABLED: 'orders.submissionEnabled',
  MAX_OPEN_ORDERS_PER_MAKER: 'orders.maxOpenPerMaker',
  MAX_OPEN_ORDERS_PER_UNVERIFIED_TOKEN: 'orders.maxOpenPerUnverifiedToken',
  MAX_OPEN_ORDERS_PER_NETWORK: 'orders.maxOpenPerNetwork',
  MAX_ORDER_EXPIRY_SEC: 'orders.maxExpirySec',
  PRICE_SOURCE: 'prices.source',
  PRICE_SOURCE_URL: 'prices.sourceUrl',
  PRICE_SOURCE_API_KEY: 'prices.apiKey',
  PRICE_SOURCE_API_KEY_HEADER: 'prices.apiKeyHeader',
  PRICE_REFRESH_MS: 'prices.refreshMs',
  PRICE_TIMEOUT_MS: 'prices.timeoutMs',
  PRICE_MAX_AGE_MS: 'prices.maxAgeMs',
  PRICE_CONTRACT_BATCH_SIZE: 'prices.contractBatchSize',
  PRICE_MAX_CONTRACTS: 'prices.maxContracts',
  WATCHER_ENABLED: 'watcher.enabled',
  WATCHER_POLL_MS: 'watcher.pollMs',
  WATCHER_CONFIRMATIONS: 'watcher.confirmations',
  WATCHER_MAX_BLOCK_RANGE: 'watcher.maxBlockRange',
  WATCHER_REORG_DEPTH: 'watcher.reorgDepth',
  WATCHER_REVALIDATE_INTERVAL_MS: 'watcher.revalidateIntervalMs',
  WATCHER_REVALIDATE_BATCH_SIZE: 'watcher.revalidateBatchSize',
  METRICS_PORT: 'metrics.port',
  METRICS_HOST: 'metrics.host',
  METRICS_TOKEN: 'metrics.token',
  ADMIN_TOKEN: 'admin.token',
  TOKEN_LISTS: 'tokenLists.sources',
  TOKEN_LIST_REFRESH_MS: 'tokenLists.refreshMs',
  WEBHOOK_ALLOWED_HOSTS: 'webhooks.allowedHosts',
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'webhooks.allowPrivateAddresses',
  WEBHOOK_RELAYER_NAME: 'webhooks.relayerName',
  WEBHOOK_TIMEOUT_MS: 'webhooks.timeoutMs',
  WEBHOOK_MAX_ATTEMPTS: 'webhooks.maxAttempts',
  WEBHOOK_RETRY_BASE_MS: 'webhooks.retryBaseMs',
  WEBHOOK_RETRY_CAP_MS: 'webhooks.retryCapMs',
  WEBHOOK_MAX_QUEUED_PER_MAKER: 'webhooks.maxQueuedPerMaker',
  WEBHOOK_EXPIRING_SOON_SEC: 'webhooks.expiringSoonSec',
  WEBHOOK_POLL_MS: 'webhooks.pollMs',
  ANALYTICS_ENABLED: 'analytics.enabled',
  ANALYTICS_ORIGINS: 'analytics.origins',
};

/** Each network's variables, after its prefix (none for the main network, `KOVAN_` for the test one). */
export const NETWORK_VARIABLES: Readonly<Record<string, string>> = {
  CHAIN_ID: 'chainId',
  NETWORK_NAME: 'name',
  PREFIX: 'prefix',
  RPC_URL: 'rpcUrl',
  RPC_BATCH_SIZE: 'rpcBatchSize',
  RPC_TIMEOUT_MS: 'rpcTimeoutMs',
  EXCHANGE_ADDRESS: 'addresses.exchange',
  TOKEN_TRANSFER_PROXY_ADDRESS: 'addresses.tokenTransferProxy',
  ZRX_ADDRESS: 'addresses.zrx',
  WETH_ADDRESS: 'addresses.weth',
  TOKEN_REGISTRY_ADDRESS: 'addresses.tokenRegistry',
};

/** The variable prefix of each network, in `config.networks` order. */
export const NETWORK_PREFIXES = ['', 'KOVAN_'] as const;

/** Every variable name the relayer reads. */
export const CONFIG_VARIABLES: readonly string[] = [
  ...Object.keys(GLOBAL_VARIABLES),
  ...Object.keys(SECRET_FILE_VARIABLES),
  ...NETWORK_PREFIXES.flatMap((prefix) => Object.keys(NETWORK_VARIABLES).map((name) => prefix + name)),
];

/** Variables whose value is a secret (or holds one): never echoed in an error or a log line. */
export const SECRET_VARIABLES = new Set(['METRICS_TOKEN', 'ADMIN_TOKEN', 'PRICE_SOURCE_API_KEY']);

/** The variable that sets a configuration path (`networks.1.rpcBatchSize` -> `KOVAN_RPC_BATCH_SIZE`). */
export function variableForPath(path: readonly PropertyKey[]): string | undefined {
  const dotted = path.map(String).join('.');
  const network = /^networks\.(\d+)\.(.+)$/.exec(dotted);
  if (network) {
    const prefix = NETWORK_PREFIXES[Number(network[1])];
    const name = Object.keys(NETWORK_VARIABLES).find((n) => NETWORK_VARIABLES[n] === network[2]);
    return prefix === undefined || name === undefined ? undefined : prefix + name;
  }
  // A list's entry (`http.corsOrigins.2`) belongs to the list's variable.
  return Object.keys(GLOBAL_VARIABLES).find(
    (n) => dotted === GLOBAL_VARIABLES[n] || dotted.startsWith(`${GLOBAL_VARIABLES[n]}.`),
  );
}
