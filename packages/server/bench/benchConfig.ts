import { type Config, type NetworkConfig, testConfig } from '../src/config.js';

/** What a scenario changes of the relayer as measured. */
export interface BenchConfigOptions {
  /**
   * Run the chain watcher as an operator does (its default poll, the expiry sweep, re-validation): the
   * default of `run.ts`, whose figures are an operator's. Off, only the API is measured.
   */
  watcher?: boolean;
}

/**
 * The relayer as measured: default settings except no rate limits (the load comes from one address),
 * warnings-only logs, the chosen database (default: PGlite in memory) and, unless asked for, no watcher.
 */
export function benchConfig(
  network: NetworkConfig,
  database: Config['database'] | undefined,
  options: BenchConfigOptions = {},
): Config {
  const base = testConfig({ networks: [network] });
  return {
    ...base,
    logLevel: 'warn',
    database: database ?? base.database,
    http: { ...base.http, writeRateLimitPerMinute: 0, readRateLimitPerMinute: 0, docs: false },
    watcher: { ...base.watcher, enabled: options.watcher ?? false },
  };
}

/** Resolves once the relayer lists every given token (its registry import runs when it is ready). */
export async function waitForTokens(
  url: string,
  addresses: readonly string[],
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const listed = (await (await fetch(`${url}/token`)).json()) as { address: string }[];
    if (addresses.every((a) => listed.some((t) => t.address === a.toLowerCase()))) return;
    if (Date.now() > deadline) throw new Error('the relayer never listed the registry tokens');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
