import { readFile } from 'node:fs/promises';
import { localVariant } from '../src/config/localVariant.ts';
import type { ServedConfig, ServedVariant } from './servedConfig.ts';

export type Flags = Record<string, string>;

/** `--name value` / `--name=value` arguments over WEB_NAME environment variables (empty ones ignored). */
export function readFlags(argv: readonly string[], env: NodeJS.ProcessEnv): Flags {
  const flags: Flags = {};
  for (const [name, value] of Object.entries(env)) {
    // Empty values (a copied .env.example) mean "not set".
    if (name.startsWith('WEB_') && value) {
      flags[name.slice(4).toLowerCase().replace(/_/g, '-')] = value;
    }
  }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (!arg.startsWith('--')) throw new Error(`unexpected argument ${arg}`);
    const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    const value = inline ?? argv[++i];
    if (value === undefined) throw new Error(`--${name} needs a value`);
    flags[name] = value;
  }
  return flags;
}

function variantFromFlags(
  flags: Flags,
  key: 'main' | 'kovan',
  fallbackSite: string,
): ServedVariant | undefined {
  const relayerUrl = flags[`${key}-relayer-url`];
  const rpcUrl = flags[`${key}-rpc-url`];
  if (!relayerUrl && !rpcUrl) return undefined;
  if (!relayerUrl || !rpcUrl) throw new Error(`--${key}-relayer-url and --${key}-rpc-url go together`);
  const isMain = key === 'main';
  return {
    key,
    name: flags[`${key}-name`] ?? (isMain ? 'Mainnet' : 'Kovan'),
    hosts: (flags[`${key}-hosts`] ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean),
    chainId: Number(flags[`${key}-chain-id`] ?? (isMain ? 1 : 42)),
    relayerUrl,
    rpcUrl,
    siteUrl: flags[`${key}-site-url`] ?? fallbackSite,
    ...(flags[`${key}-other-site-url`] ? { otherSiteUrl: flags[`${key}-other-site-url`] } : {}),
    ...(flags[`${key}-explorer-url`] ? { explorerUrl: flags[`${key}-explorer-url`] } : {}),
  };
}

/** The served config from flags/env: a config file, a variants JSON, or per-variant URLs; else local defaults. */
export async function configFromFlags(flags: Flags, siteUrl: string): Promise<ServedConfig> {
  let config: ServedConfig;
  if (flags.config) {
    config = JSON.parse(await readFile(flags.config, 'utf8')) as ServedConfig;
  } else if (flags.variants) {
    config = { variants: JSON.parse(flags.variants) as ServedVariant[] };
  } else {
    const variants = [
      variantFromFlags(flags, 'main', siteUrl),
      variantFromFlags(flags, 'kovan', siteUrl),
    ].filter((v): v is ServedVariant => v !== undefined);
    config = {
      variants: variants.length > 0 ? variants : [localVariant(siteUrl)],
    };
  }
  if (flags.analytics) config.analytics = { ...config.analytics, enabled: flags.analytics !== 'off' };
  if (flags['analytics-endpoint']) {
    config.analytics = { enabled: config.analytics?.enabled ?? true, endpoint: flags['analytics-endpoint'] };
  }
  if (flags['ticker-url']) config.tickerUrl = flags['ticker-url'];
  return config;
}
