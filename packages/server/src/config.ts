import { addressSchema, getNetwork, NULL_ADDRESS, uint256StringSchema } from '@relayer/protocol';
import { type core, z } from 'zod';
import { checkConfigValues } from './checkConfigValues.js';
import { SECRET_VARIABLES, variableForPath } from './configVariables.js';
import { bool, list, trustProxyFrom } from './envValues.js';
import { findUnknownVariables } from './findUnknownVariables.js';
import { readSecretFiles } from './readSecretFiles.js';

/**
 * The relayer's one configuration. Every value has a local default that runs against the devchain
 * (`npm run chain`); `.env.example` lists the variables. `buildApp(config)` takes it as an argument.
 */

const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const url = z.string().url();

const addressesSchema = z.object({
  exchange: addressSchema,
  tokenTransferProxy: addressSchema,
  zrx: addressSchema,
  weth: addressSchema,
  tokenRegistry: addressSchema,
});
export type NetworkAddresses = z.infer<typeof addressesSchema>;

export const networkConfigSchema = z.object({
  /** Stable key stored with every row (`main`, `kovan`). */
  key: z.string().regex(/^[a-z][a-z0-9-]{0,31}$/),
  /** Shown to users (the network button's label). */
  name: z.string().min(1).max(40),
  /** Path prefix the network's routes live under: '' for the main network, '/kovan' for the test one. */
  prefix: z.union([z.literal(''), z.string().regex(/^\/[a-z0-9-]+$/)]),
  chainId: z.number().int().positive(),
  rpcUrl: url,
  /** Most JSON-RPC requests per batch (default 1000); hosted nodes often cap batches lower. */
  rpcBatchSize: int(1, 10_000).optional(),
  /** Longest wait for one answer of the node; past it the node counts as down (default 5000). */
  rpcTimeoutMs: int(100, 120_000).optional(),
  addresses: addressesSchema,
});
export type NetworkConfig = z.infer<typeof networkConfigSchema>;

export const configSchema = z.object({
  host: z.string().min(1),
  port: int(0, 65535),
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
  /** This instance's name in `/health`; unset: its host name and process id. */
  instanceName: z.string().min(1).max(100).optional(),
  /** Longest graceful shutdown; past it in-flight requests are abandoned and the database closed anyway. */
  shutdownTimeoutMs: int(100, 600_000),
  database: z.object({
    /** postgres://… uses PostgreSQL; unset uses embedded PGlite in `dataDir` ('memory://' keeps it in memory). */
    url: z.string().optional(),
    dataDir: z.string().min(1),
  }),
  networks: z.array(networkConfigSchema).min(1),
  fees: z.object({
    feeRecipient: addressSchema,
    makerFee: uint256StringSchema,
    takerFee: uint256StringSchema,
  }),
  orders: z.object({
    /** Orders expiring sooner than this are refused, and pruned this long before they expire. */
    expiryMarginSec: int(0, 86_400),
    /** Largest accepted order request body. */
    bodyLimitBytes: int(1024, 10 * 1024 * 1024),
    /** Off switch for SRA code 102 (order submission disabled). */
    submissionEnabled: z.boolean(),
    /** Most open orders one maker may have per network, whatever address posts them; 0 = no limit. */
    maxOpenPerMaker: int(0, 100_000_000),
    /** Most open orders with one unverified token on either side, per network; 0 = no limit. */
    maxOpenPerUnverifiedToken: int(0, 100_000_000),
    /** Most open orders on one network's book; 0 = no limit. */
    maxOpenPerNetwork: int(0, 100_000_000),
    /** Latest accepted expiry, in seconds after the chain's clock; 0 = no cap. */
    maxExpirySec: int(0, 100 * 366 * 86_400),
  }),
  prices: z.object({
    /** The market-data API's format: SPEC §7's ticker pages, or CoinGecko's `/simple/price` and `/simple/token_price`. */
    source: z.enum(['ticker', 'coingecko']),
    /** The only host prices are fetched from. Unset: the embedded static (example) prices. */
    sourceUrl: url.optional(),
    /** Sent in the `apiKeyHeader` header to that host only (redirects are refused). */
    apiKey: z.string().min(1).optional(),
    apiKeyHeader: z.string().regex(/^[A-Za-z0-9-]{1,64}$/),
    refreshMs: int(1000, 86_400_000),
    timeoutMs: int(100, 120_000),
    /** A price older than this is served as `stale`. */
    maxAgeMs: int(1000, 7 * 86_400_000),
    /** Contract addresses per `/simple/token_price` request (public plans cap it low). */
    contractBatchSize: int(1, 100),
    /** Most token contracts priced per refresh; more are taken in turns. 0 prices none by contract. */
    maxContracts: int(0, 10_000),
  }),
  http: z.object({
    /** '*' or a list of allowed origins. */
    corsOrigins: z.union([z.literal('*'), z.array(z.string().min(1))]),
    /** Writes (POST) allowed per client address (IPv4, or IPv6 /64) per minute; 0 disables the limit. */
    writeRateLimitPerMinute: int(0, 1_000_000),
    /** Reads allowed per client address (IPv4, or IPv6 /64) per minute; 0 disables the limit. */
    readRateLimitPerMinute: int(0, 10_000_000),
    /** Bytes of read answers (pages, totals) the process keeps over every network; 0 keeps none. */
    pageCacheBytes: int(0, 16 * 1024 ** 3),
    /**
     * Whose X-Forwarded-For to believe for the client address: nobody (false); every hop (true: right
     * only behind one proxy that replaces the header, as Caddy does when it trusts no proxy in front); or
     * the proxies' addresses, CIDR ranges and proxy-addr's names (`loopback`, `uniquelocal`), so the
     * address is the first one from the right that is none of them and a client's own entries to the
     * left are ignored (a load balancer in front of Caddy).
     */
    trustProxy: z.union([z.boolean(), z.array(z.string().min(1)).min(1)]),
    docs: z.boolean(),
  }),
  watcher: z.object({
    enabled: z.boolean(),
    pollMs: int(50, 600_000),
    /** Blocks kept behind the head before events are applied (0 = apply at the head, re-orgs rolled back). */
    confirmations: int(0, 1000),
    maxBlockRange: int(1, 100_000),
    /** How many recent block hashes are remembered to detect re-orgs. */
    reorgDepth: int(1, 10_000),
    /** Every live order's chain state is re-read this often (0 = never): what events cannot tell. */
    revalidateIntervalMs: int(0, 7 * 86_400_000),
    /** Orders per re-validation batch (one batched chain read each, then a yield to other work). */
    revalidateBatchSize: int(1, 10_000),
  }),
  metrics: z.object({
    /** Address of the metrics listener (loopback by default: an operator surface). */
    host: z.string().min(1),
    /** Port of the metrics listener; unset = no listener (0 = any free port). */
    port: int(0, 65535).optional(),
    /** Bearer token for scrapes; when set, /metrics is also served on the public port to holders of it. */
    token: z.string().min(16, 'must be at least 16 characters').optional(),
  }),
  tokenLists: z.object({
    /**
     * Token lists in the Uniswap token-lists format whose tokens (on each network's chain id) are shown
     * verified with the list's name: file paths or http(s) URLs, read at start-up and every `refreshMs`.
     */
    sources: z.array(
      z
        .string()
        .min(1)
        .refine((s) => /^https?:\/\//i.test(s) || !/^[a-z][a-z0-9+.-]*:/i.test(s), {
          message: 'must be a file path or an http(s) URL',
        }),
    ),
    refreshMs: int(60_000, 7 * 86_400_000),
  }),
  admin: z.object({
    /**
     * Bearer token of the admin API (`/admin/...`, on the metrics listener only); unset falls back to the
     * metrics token, and with neither every admin request is refused.
     */
    token: z.string().min(16, 'must be at least 16 characters').optional(),
  }),
  webhooks: z.object({
    /**
     * Host names makers' webhook URLs may name (`hooks.example.com`, or `*.example.com` for its
     * subdomains); empty: registrations are refused. Checked again after DNS resolution.
     */
    allowedHosts: z.array(
      z
        .string()
        .regex(/^(\*\.)?[a-z0-9.:[\]-]+$/i, { message: 'must be host names or *.suffix, comma-separated' }),
    ),
    /** Let deliveries reach loopback, private, link-local and other non-public addresses (tests, a LAN). */
    allowPrivateAddresses: z.boolean(),
    /** Named in the signed registration message, so a signature for another relayer is refused here. */
    relayerName: z.string().min(1).max(60),
    /** Longest wait for a receiver's answer. */
    timeoutMs: int(100, 60_000),
    /** Attempts before an event is marked dead. */
    maxAttempts: int(1, 100),
    /** The first retry's delay; each next one doubles it (with jitter) up to `retryCapMs`. */
    retryBaseMs: int(10, 3_600_000),
    retryCapMs: int(10, 86_400_000),
    /** Undelivered events one maker's webhook may hold; newer ones are dropped (and counted) past it. */
    maxQueuedPerMaker: int(1, 1_000_000),
    /** An open order is announced as expiring this long before its expiration (0 = never). */
    expiringSoonSec: int(0, 43_200),
    /** How often the outbox is looked at when nothing is due. */
    pollMs: int(10, 60_000),
  }),
  analytics: z.object({
    enabled: z.boolean(),
    /** Origins (scheme://host[:port]) of the web app: pageviews are counted only from these. */
    origins: z.array(z.string().min(1)),
  }),
});
export type Config = z.infer<typeof configSchema>;

type Env = Record<string, string | undefined>;

/** Where `npm start` serves the web app by default (WEB_PORT 8080). */
const LOCAL_WEB_ORIGINS = ['http://localhost:8080', 'http://127.0.0.1:8080'];

function networkFromEnv(
  env: Env,
  envPrefix: string,
  defaults: { key: string; name: string; prefix: string; chainId: number; rpcUrl: string },
) {
  const chainId = Number(env[`${envPrefix}CHAIN_ID`] ?? defaults.chainId);
  const known = Number.isInteger(chainId) ? getNetwork(chainId) : undefined;
  const pick = (name: string, fallback: string | undefined) =>
    env[`${envPrefix}${name}`]?.toLowerCase() ?? fallback;
  return {
    key: defaults.key,
    name: env[`${envPrefix}NETWORK_NAME`] ?? (chainId === 50 ? 'Local' : known?.name) ?? defaults.name,
    prefix: env[`${envPrefix}PREFIX`] ?? defaults.prefix,
    chainId,
    rpcUrl: env[`${envPrefix}RPC_URL`] ?? defaults.rpcUrl,
    rpcBatchSize: env[`${envPrefix}RPC_BATCH_SIZE`] || undefined,
    rpcTimeoutMs: env[`${envPrefix}RPC_TIMEOUT_MS`] || undefined,
    addresses: {
      exchange: pick('EXCHANGE_ADDRESS', known?.exchange),
      tokenTransferProxy: pick('TOKEN_TRANSFER_PROXY_ADDRESS', known?.tokenTransferProxy),
      zrx: pick('ZRX_ADDRESS', known?.zrx),
      weth: pick('WETH_ADDRESS', known?.weth),
      tokenRegistry: pick('TOKEN_REGISTRY_ADDRESS', known?.tokenRegistry),
    },
  };
}

/** A true/false variable; a value that is neither is passed on for the schema to name. */
function flag(value: string | undefined, fallback: 'true' | 'false'): boolean | string {
  const parsed = bool.safeParse(value ?? fallback);
  return parsed.success ? parsed.data : (value as string);
}

/**
 * Reads the configuration from environment variables (see `.env.example`) and the secret files they
 * name (`METRICS_TOKEN_FILE`, ...), throwing a readable error.
 */
export function loadConfig(given: Env = process.env): Config {
  const secrets = readSecretFiles(given);
  const env = secrets.env;
  const networks = [
    networkFromEnv(env, '', {
      key: 'main',
      name: 'Local',
      prefix: '',
      chainId: 50,
      rpcUrl: 'http://127.0.0.1:8545',
    }),
  ];
  if (env.KOVAN_RPC_URL) {
    networks.push(
      networkFromEnv(env, 'KOVAN_', {
        key: 'kovan',
        name: 'Kovan',
        prefix: '/kovan',
        chainId: 42,
        rpcUrl: env.KOVAN_RPC_URL,
      }),
    );
  }
  const cors = env.CORS_ORIGINS ?? '*';
  const raw = {
    host: env.HOST ?? '127.0.0.1',
    port: env.PORT ?? 3000,
    logLevel: env.LOG_LEVEL ?? 'info',
    instanceName: env.INSTANCE_NAME || undefined,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS ?? 15_000,
    database: { url: env.DATABASE_URL || undefined, dataDir: env.DATA_DIR ?? '.data/db' },
    networks,
    fees: {
      feeRecipient: env.FEE_RECIPIENT?.toLowerCase() ?? NULL_ADDRESS,
      makerFee: env.MAKER_FEE ?? '0',
      takerFee: env.TAKER_FEE ?? '0',
    },
    orders: {
      expiryMarginSec: env.ORDER_EXPIRY_MARGIN_SEC ?? 60,
      bodyLimitBytes: env.BODY_LIMIT_BYTES ?? 65_536,
      submissionEnabled: flag(env.ORDER_SUBMISSION_ENABLED, 'true'),
      maxOpenPerMaker: env.MAX_OPEN_ORDERS_PER_MAKER ?? 1000,
      maxOpenPerUnverifiedToken: env.MAX_OPEN_ORDERS_PER_UNVERIFIED_TOKEN ?? 1000,
      maxOpenPerNetwork: env.MAX_OPEN_ORDERS_PER_NETWORK ?? 200_000,
      maxExpirySec: env.MAX_ORDER_EXPIRY_SEC ?? 365 * 86_400,
    },
    prices: {
      source: env.PRICE_SOURCE || 'ticker',
      sourceUrl: env.PRICE_SOURCE_URL || undefined,
      apiKey: env.PRICE_SOURCE_API_KEY || undefined,
      apiKeyHeader:
        env.PRICE_SOURCE_API_KEY_HEADER ||
        (env.PRICE_SOURCE === 'coingecko' ? 'x-cg-demo-api-key' : 'x-api-key'),
      refreshMs: env.PRICE_REFRESH_MS ?? 300_000,
      timeoutMs: env.PRICE_TIMEOUT_MS ?? 10_000,
      maxAgeMs: env.PRICE_MAX_AGE_MS ?? 900_000,
      contractBatchSize: env.PRICE_CONTRACT_BATCH_SIZE ?? 10,
      maxContracts: env.PRICE_MAX_CONTRACTS ?? 100,
    },
    http: {
      corsOrigins: cors === '*' ? '*' : list(cors),
      writeRateLimitPerMinute: env.WRITE_RATE_LIMIT_PER_MINUTE ?? 120,
      readRateLimitPerMinute: env.READ_RATE_LIMIT_PER_MINUTE ?? 1200,
      pageCacheBytes: env.PAGE_CACHE_BYTES ?? 32 * 1024 * 1024,
      trustProxy: trustProxyFrom(env.TRUST_PROXY),
      docs: flag(env.API_DOCS, 'true'),
    },
    watcher: {
      enabled: flag(env.WATCHER_ENABLED, 'true'),
      pollMs: env.WATCHER_POLL_MS ?? 1000,
      confirmations: env.WATCHER_CONFIRMATIONS ?? 0,
      maxBlockRange: env.WATCHER_MAX_BLOCK_RANGE ?? 2000,
      reorgDepth: env.WATCHER_REORG_DEPTH ?? 64,
      revalidateIntervalMs: env.WATCHER_REVALIDATE_INTERVAL_MS ?? 600_000,
      revalidateBatchSize: env.WATCHER_REVALIDATE_BATCH_SIZE ?? 200,
    },
    metrics: {
      host: env.METRICS_HOST || '127.0.0.1',
      port: env.METRICS_PORT || undefined,
      token: env.METRICS_TOKEN || undefined,
    },
    admin: { token: env.ADMIN_TOKEN || undefined },
    tokenLists: {
      sources: env.TOKEN_LISTS ? list(env.TOKEN_LISTS) : [],
      refreshMs: env.TOKEN_LIST_REFRESH_MS ?? 3_600_000,
    },
    webhooks: {
      allowedHosts: list(env.WEBHOOK_ALLOWED_HOSTS).map((h) => h.toLowerCase()),
      allowPrivateAddresses: flag(env.WEBHOOK_ALLOW_PRIVATE_ADDRESSES, 'false'),
      relayerName: env.WEBHOOK_RELAYER_NAME || 'Relayer',
      timeoutMs: env.WEBHOOK_TIMEOUT_MS ?? 5000,
      maxAttempts: env.WEBHOOK_MAX_ATTEMPTS ?? 15,
      retryBaseMs: env.WEBHOOK_RETRY_BASE_MS ?? 1000,
      retryCapMs: env.WEBHOOK_RETRY_CAP_MS ?? 600_000,
      maxQueuedPerMaker: env.WEBHOOK_MAX_QUEUED_PER_MAKER ?? 1000,
      expiringSoonSec: env.WEBHOOK_EXPIRING_SOON_SEC ?? 600,
      pollMs: env.WEBHOOK_POLL_MS ?? 1000,
    },
    analytics: {
      enabled: flag(env.ANALYTICS_ENABLED, 'true'),
      // The web app's origins: as configured, else the CORS list when it names them, else the local app.
      origins: env.ANALYTICS_ORIGINS
        ? list(env.ANALYTICS_ORIGINS)
        : cors === '*'
          ? LOCAL_WEB_ORIGINS
          : list(cors),
    },
  };
  // Every problem at once, one line each naming its variable: a lookalike name, a value the checks
  // refuse, then the schema's findings for variables not already named.
  const unknown = findUnknownVariables(env);
  const values = checkConfigValues(env);
  const parsed = configSchema.safeParse(raw);
  const issues = parsed.success ? [] : parsed.error.issues;
  const lines = [
    ...unknown,
    ...secrets.problems,
    ...values.problems,
    ...issues.flatMap((issue) => {
      const variable = variableForPath(issue.path);
      return variable && values.variables.has(variable) ? [] : [issueLine(issue, variable, env)];
    }),
  ];
  if (lines.length > 0 || !parsed.success)
    throw new Error(`Invalid configuration:\n${[...new Set(lines)].map((l) => `  ${l}`).join('\n')}`);
  // There is no built-in market-data host: asking for CoinGecko-style data without its URL is a mistake.
  if (parsed.data.prices.source === 'coingecko' && !parsed.data.prices.sourceUrl)
    throw new Error(
      'Invalid configuration:\n  PRICE_SOURCE_URL: PRICE_SOURCE=coingecko needs PRICE_SOURCE_URL',
    );
  const keys = new Set<string>();
  const prefixes = new Set<string>();
  for (const n of parsed.data.networks) {
    if (keys.has(n.key) || prefixes.has(n.prefix))
      throw new Error(
        `Invalid configuration:\n  ${ENV_PREFIX[n.key] ?? ''}PREFIX: network ${n.key} is configured twice`,
      );
    keys.add(n.key);
    prefixes.add(n.prefix);
  }
  assertDistinctExchanges(parsed.data.networks);
  return parsed.data;
}

/** A schema finding as `VARIABLE: what is wrong (got "value")`; a secret's value is never shown. */
function issueLine(issue: core.$ZodIssue, variable: string | undefined, env: Env): string {
  const message =
    issue.code === 'invalid_type' && issue.expected === 'boolean'
      ? 'must be true or false (or 1/0, yes/no)'
      : issue.message.charAt(0).toLowerCase() + issue.message.slice(1);
  if (!variable) return `${issue.path.join('.')}: ${message}`;
  const value = env[variable];
  const shown =
    value === undefined
      ? ' (not set)'
      : SECRET_VARIABLES.has(variable)
        ? ''
        : ` (got ${JSON.stringify(value)})`;
  return `${variable}: ${message}${shown}`;
}

/** Each network's variable prefix, by key: `networkFromEnv` reads `${prefix}EXCHANGE_ADDRESS` and the rest. */
const ENV_PREFIX: Readonly<Record<string, string>> = { main: '', kovan: 'KOVAN_' };

/**
 * A v1 order hash carries no chain id, so one signed order is valid on every network whose Exchange has
 * the same address: two such networks would each accept the other's orders. Refused, naming both variables.
 */
function assertDistinctExchanges(networks: readonly NetworkConfig[]): void {
  const byExchange = new Map<string, NetworkConfig>();
  for (const network of networks) {
    const other = byExchange.get(network.addresses.exchange);
    if (other) {
      const name = (n: NetworkConfig) => `${ENV_PREFIX[n.key] ?? `${n.key} `}EXCHANGE_ADDRESS`;
      throw new Error(
        `Invalid configuration:\n  ${name(other)} and ${name(network)} are both ${network.addresses.exchange}: an order signed for one network would be accepted on the other (v1 order hashes carry no chain id); give each network its own Exchange`,
      );
    }
    byExchange.set(network.addresses.exchange, network);
  }
}

/** A configuration for tests: in-memory database, no rate limits, quiet logs. Overrides merge shallowly per section. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({
    LOG_LEVEL: 'silent',
    DATABASE_URL: '',
    DATA_DIR: 'memory://',
    WRITE_RATE_LIMIT_PER_MINUTE: '0',
    READ_RATE_LIMIT_PER_MINUTE: '0',
  });
  return configSchema.parse({ ...base, ...overrides });
}
