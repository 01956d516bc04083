import { type Config, type NetworkConfig, testConfig } from '../../src/config.js';
import type { Database } from '../../src/db/Database.js';
import { BookEvents } from '../../src/events/BookEvents.js';
import { startTestApp, type TestApp } from './startTestApp.js';

/** A node address where nothing listens (the discard port), so chain calls fail fast. */
export const DEAD_RPC = 'http://127.0.0.1:9';

export const MAIN: NetworkConfig = { ...testConfig().networks[0], rpcUrl: DEAD_RPC } as NetworkConfig;
export const KOVAN: NetworkConfig = {
  key: 'kovan',
  name: 'Kovan',
  prefix: '/kovan',
  chainId: 42,
  rpcUrl: DEAD_RPC,
  addresses: {
    exchange: '0x90fe2af704b34e0224bf2299c838e04d4dcf1364',
    tokenTransferProxy: '0x087eed4bc1ee3de49befbd66c662b434b15d49d4',
    zrx: '0x6ff6c0ff1d68b964901f986d4c9fa3ac68346570',
    weth: '0x653e49e301e508a13237c0ddc98ae7d4cd2667a1',
    tokenRegistry: '0xf18e504561f4347bea557f3d4558f559dddbae7f',
  },
};

/** Test config without a chain: both networks on a dead node, watcher off. */
export function offlineConfig(overrides: Partial<Config> = {}): Config {
  const base = testConfig();
  return testConfig({ networks: [MAIN, KOVAN], watcher: { ...base.watcher, enabled: false }, ...overrides });
}

/** An app over a fresh test database with no chain: for the read paths, errors and operations. */
export async function startOfflineApp(
  overrides: Partial<Config> = {},
  options: { readModel?: boolean } = {},
): Promise<
  TestApp & {
    events: BookEvents;
    /** Rows were written behind the app's back: its read model reads the book again (reads wait for it). */
    resync(): void;
  }
> {
  const events = new BookEvents();
  const started = await startTestApp(offlineConfig(overrides), {
    events,
    readModel: options.readModel ?? true,
  });
  return { ...started, events, resync: () => events.emitResync() };
}

/** Lists tokens directly (as the registry import would). */
export async function insertTokens(
  db: Database,
  network: string,
  tokens: readonly { address: string; name: string; symbol: string; decimals?: number; verified?: boolean }[],
) {
  for (const token of tokens) {
    await db.query(
      'INSERT INTO tokens (network, address, name, symbol, decimals, verified) VALUES ($1, $2, $3, $4, $5, $6)',
      [network, token.address, token.name, token.symbol, token.decimals ?? 18, token.verified ?? true],
    );
  }
}
