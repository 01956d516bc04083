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
    expect(() => loadConfig({ RPC_TIMEOUT_MS: '10' })).toThrow(/networks\.0\.rpcTimeoutMs/);
  });

  test('a bad value is refused with the setting it belongs to', () => {
    expect(() => loadConfig({ RPC_BATCH_SIZE: 'lots' })).toThrow(/networks\.0\.rpcBatchSize/);
    expect(() => loadConfig({ RPC_BATCH_SIZE: '0' })).toThrow(/networks\.0\.rpcBatchSize/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/port/);
    expect(() => loadConfig({ CHAIN_ID: '77' })).toThrow(/networks\.0\.addresses\.exchange/);
  });
});
