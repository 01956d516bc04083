import { describe, expect, test } from 'vitest';
import { loadConfig } from './config.js';

describe('loadConfig', () => {
  test('with no variables runs the local stack: one network, chain 50, its 0x v1 addresses, PGlite', () => {
    const config = loadConfig({});
    expect(config.networks).toHaveLength(1);
    expect(config.networks[0]).toMatchObject({
      key: 'main',
      name: 'Local',
      prefix: '',
      chainId: 50,
      rpcUrl: 'http://127.0.0.1:8545',
      addresses: { exchange: '0x48bacb9266a570d521063ef5dd96e61686dbe788' },
    });
    expect(config.networks[0]?.rpcBatchSize).toBeUndefined();
    expect(config.database).toEqual({ url: undefined, dataDir: '.data/db' });
  });

  test('a main network on chain 1 and a test network under /kovan, each with its own batch size', () => {
    const config = loadConfig({
      CHAIN_ID: '1',
      RPC_URL: 'https://mainnet-node.example.org',
      RPC_BATCH_SIZE: '100',
      KOVAN_RPC_URL: 'https://kovan-node.example.org',
      KOVAN_RPC_BATCH_SIZE: '25',
    });
    expect(config.networks.map((n) => [n.key, n.prefix, n.chainId, n.rpcBatchSize])).toEqual([
      ['main', '', 1, 100],
      ['kovan', '/kovan', 42, 25],
    ]);
    expect(config.networks[0]?.addresses.exchange).toBe('0x12459c951127e0c374ff9105dda097662a027093');
    expect(config.networks[1]?.addresses.exchange).toBe('0x90fe2af704b34e0224bf2299c838e04d4dcf1364');
  });

  test('a node timeout per network and the shutdown timeout', () => {
    const config = loadConfig({
      RPC_TIMEOUT_MS: '2500',
      KOVAN_RPC_URL: 'https://kovan-node.example.org',
      KOVAN_RPC_TIMEOUT_MS: '8000',
      SHUTDOWN_TIMEOUT_MS: '3000',
    });
    expect(config.networks.map((n) => n.rpcTimeoutMs)).toEqual([2500, 8000]);
    expect(config.shutdownTimeoutMs).toBe(3000);
    expect(loadConfig({}).shutdownTimeoutMs).toBe(15_000);
    expect(() => loadConfig({ RPC_TIMEOUT_MS: '10' })).toThrow(/RPC_TIMEOUT_MS: /);
  });

  test('two networks sharing an Exchange address are refused, naming both variables', () => {
    const exchange = '0x48bacb9266a570d521063ef5dd96e61686dbe788';
    const shared = () =>
      loadConfig({
        KOVAN_RPC_URL: 'http://127.0.0.1:8546',
        KOVAN_CHAIN_ID: '42',
        KOVAN_EXCHANGE_ADDRESS: exchange,
      });
    expect(shared).toThrow(
      /EXCHANGE_ADDRESS and KOVAN_EXCHANGE_ADDRESS are both 0x48bacb9266a570d521063ef5dd96e61686dbe788/,
    );
    // The same chain id under two prefixes takes the same default addresses: refused as well.
    expect(() => loadConfig({ KOVAN_RPC_URL: 'http://127.0.0.1:8546', KOVAN_CHAIN_ID: '50' })).toThrow(
      /EXCHANGE_ADDRESS and KOVAN_EXCHANGE_ADDRESS/,
    );
    const distinct = loadConfig({
      KOVAN_RPC_URL: 'http://127.0.0.1:8546',
      KOVAN_EXCHANGE_ADDRESS: '0x1111111111111111111111111111111111111111',
    });
    expect(distinct.networks.map((n) => n.addresses.exchange)).toEqual([
      exchange,
      '0x1111111111111111111111111111111111111111',
    ]);
  });

  test('TRUST_PROXY: off by default, a flag, or the addresses and ranges of the proxies in front', () => {
    const trust = (value?: string) =>
      loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).http.trustProxy;
    expect(trust()).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('true')).toBe(true);
    expect(trust('1')).toBe(true);
    expect(trust('loopback, 10.0.0.0/8, 192.168.1.7')).toEqual(['loopback', '10.0.0.0/8', '192.168.1.7']);
    expect(() => trust(',')).toThrow(/TRUST_PROXY must be true, false or a list/);
  });

  test('a bad value is refused with the setting it belongs to', () => {
    expect(() => loadConfig({ RPC_BATCH_SIZE: 'lots' })).toThrow(/RPC_BATCH_SIZE: /);
    expect(() => loadConfig({ RPC_BATCH_SIZE: '0' })).toThrow(/RPC_BATCH_SIZE: /);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT: too big.*\(got "70000"\)/);
    expect(() => loadConfig({ CHAIN_ID: '77' })).toThrow(/no contract addresses are known for chain 77/);
  });

  test('prices: static by default, a named source only with its URL, a 15-minute age limit, the key header per format', () => {
    expect(loadConfig({}).prices).toMatchObject({
      source: 'ticker',
      maxAgeMs: 900_000,
      apiKeyHeader: 'x-api-key',
    });
    expect(loadConfig({}).prices.sourceUrl).toBeUndefined();
    const gecko = loadConfig({
      PRICE_SOURCE: 'coingecko',
      PRICE_SOURCE_URL: 'http://127.0.0.1:9/api/v3',
      PRICE_SOURCE_API_KEY: 'k',
      PRICE_MAX_AGE_MS: '60000',
    }).prices;
    expect(gecko).toMatchObject({ source: 'coingecko', apiKeyHeader: 'x-cg-demo-api-key', maxAgeMs: 60_000 });
    expect(() => loadConfig({ PRICE_SOURCE: 'coingecko' })).toThrow(
      /PRICE_SOURCE=coingecko needs PRICE_SOURCE_URL/,
    );
    // The ticker default without a URL is the static example prices (as .env.example has it).
    expect(loadConfig({ PRICE_SOURCE: 'ticker', PRICE_SOURCE_URL: '' }).prices.sourceUrl).toBeUndefined();
    expect(() => loadConfig({ PRICE_SOURCE: 'cmc', PRICE_SOURCE_URL: 'http://x.test/' })).toThrow(
      /PRICE_SOURCE: /,
    );
    expect(() => loadConfig({ PRICE_SOURCE_API_KEY_HEADER: 'bad header' })).toThrow(
      /PRICE_SOURCE_API_KEY_HEADER: /,
    );
  });

  test('the re-validation sweep runs every ten minutes in batches of 200 unless told otherwise', () => {
    expect(loadConfig({}).watcher).toMatchObject({ revalidateIntervalMs: 600_000, revalidateBatchSize: 200 });
    const tuned = loadConfig({ WATCHER_REVALIDATE_INTERVAL_MS: '0', WATCHER_REVALIDATE_BATCH_SIZE: '50' });
    expect(tuned.watcher).toMatchObject({ revalidateIntervalMs: 0, revalidateBatchSize: 50 });
    expect(() => loadConfig({ WATCHER_REVALIDATE_BATCH_SIZE: '0' })).toThrow(
      /WATCHER_REVALIDATE_BATCH_SIZE: /,
    );
  });

  test('the admin token: unset by default, at least 16 characters, its value never echoed', () => {
    expect(loadConfig({}).admin.token).toBeUndefined();
    expect(loadConfig({ ADMIN_TOKEN: 'an-admin-token-long-enough' }).admin.token).toBe(
      'an-admin-token-long-enough',
    );
    const refusal = () => loadConfig({ ADMIN_TOKEN: 'short-secret' });
    expect(refusal).toThrow(/ADMIN_TOKEN: must be at least 16 characters/);
    expect(refusal).not.toThrow(/short-secret/);
  });
});
