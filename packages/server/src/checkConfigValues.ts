import { isIP } from 'node:net';
import { getNetwork } from '@relayer/protocol';
import { NETWORK_PREFIXES } from './configVariables.js';
import { trustProxyFrom } from './envValues.js';
import { redactUrl } from './logging/redactUrl.js';

type Env = Record<string, string | undefined>;

const ADDRESS_VARIABLES = [
  'EXCHANGE_ADDRESS',
  'TOKEN_TRANSFER_PROXY_ADDRESS',
  'ZRX_ADDRESS',
  'WETH_ADDRESS',
  'TOKEN_REGISTRY_ADDRESS',
];
/** proxy-addr's names for ranges, which TRUST_PROXY may list beside addresses. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * The checks a schema cannot say well, as one line per problem naming the variable: URL schemes, the
 * proxies list, a chain without known contracts. Values that may hold secrets are shown redacted.
 */
export function checkConfigValues(env: Env): { problems: string[]; variables: Set<string> } {
  const problems: string[] = [];
  const variables = new Set<string>();
  const refuse = (variable: string, line: string) => {
    variables.add(variable);
    problems.push(line);
  };
  const database = env.DATABASE_URL;
  if (database) {
    const why = urlProblem(database, ['postgres:', 'postgresql:']);
    if (why)
      refuse(
        'DATABASE_URL',
        `DATABASE_URL must be postgres://user:password@host:port/database (or postgresql://), or empty for PGlite; ${why}`,
      );
  }
  for (const variable of ['PRICE_SOURCE_URL', ...NETWORK_PREFIXES.map((p) => `${p}RPC_URL`)]) {
    const value = env[variable];
    const why = value ? urlProblem(value, ['http:', 'https:']) : undefined;
    if (why) refuse(variable, `${variable} must be an http:// or https:// URL; ${why}`);
  }
  const proxies = trustProxyFrom(env.TRUST_PROXY);
  if (Array.isArray(proxies)) {
    if (proxies.length === 0 || proxies.some((entry) => !isProxyEntry(entry)))
      refuse(
        'TRUST_PROXY',
        `TRUST_PROXY must be true, false or a list of addresses/ranges, not ${JSON.stringify(env.TRUST_PROXY)}`,
      );
  }
  for (const prefix of NETWORK_PREFIXES) {
    // The test network is configured only when its node is.
    if (prefix !== '' && !env[`${prefix}RPC_URL`]) continue;
    const chainId = Number(env[`${prefix}CHAIN_ID`] ?? (prefix === '' ? 50 : 42));
    const names = ADDRESS_VARIABLES.map((name) => prefix + name);
    if (!Number.isSafeInteger(chainId) || chainId <= 0) {
      // Its addresses cannot be looked up either: one line for the cause, none for each address.
      refuse(
        `${prefix}CHAIN_ID`,
        `${prefix}CHAIN_ID must be a positive whole number, not ${JSON.stringify(env[`${prefix}CHAIN_ID`])}`,
      );
      for (const name of names) variables.add(name);
      continue;
    }
    if (getNetwork(chainId)) continue;
    const missing = names.filter((name) => !env[name]);
    if (missing.length === 0) continue;
    for (const name of missing) variables.add(name);
    const set = missing.length === names.length ? '' : ' (and the others set)';
    problems.push(
      `no contract addresses are known for chain ${chainId} (${prefix}CHAIN_ID): set ${missing.join(', ')}${set}, or deploy them: DEPLOYER_PRIVATE_KEY=0x... npm run deploy -w @relayer/devchain -- --rpc-url URL`,
    );
  }
  return { problems, variables };
}

/** Why `value` is not a URL of one of `schemes` with a host, or undefined when it is. */
function urlProblem(value: string, schemes: readonly string[]): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'it is not a URL';
  }
  if (!schemes.includes(url.protocol)) return `its scheme is ${url.protocol.slice(0, -1)}`;
  if (!url.hostname) return `it has no host (${redactUrl(url)})`;
  return undefined;
}

function isProxyEntry(entry: string): boolean {
  if (RANGE_NAMES.has(entry) || isIP(entry) !== 0) return true;
  const [address, bits, extra] = entry.split('/');
  if (extra !== undefined || !address || !bits || !/^\d{1,3}$/.test(bits)) return false;
  const family = isIP(address);
  return family !== 0 && Number(bits) <= (family === 4 ? 32 : 128);
}
