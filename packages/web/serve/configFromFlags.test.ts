// @vitest-environment node
import { describe, expect, test } from 'vitest';
import { configFromFlags } from './configFromFlags.ts';
import { validateConfig } from './servedConfig.ts';

describe('configFromFlags', () => {
  test('builds main and kovan variants from per-variant flags', async () => {
    const built = await configFromFlags(
      {
        'main-relayer-url': 'https://api.example',
        'main-rpc-url': 'https://rpc.example',
        'main-hosts': 'example.org, www.example.org',
        'kovan-relayer-url': 'https://api.example/kovan',
        'kovan-rpc-url': 'https://kovan.example',
        'kovan-site-url': 'https://kovan.example.org',
        analytics: 'off',
      },
      'http://localhost:8080',
    );
    expect(built.variants.map((v) => [v.key, v.chainId, v.hosts, v.siteUrl])).toEqual([
      ['main', 1, ['example.org', 'www.example.org'], 'http://localhost:8080'],
      ['kovan', 42, [], 'https://kovan.example.org'],
    ]);
    expect(built.analytics).toEqual({ enabled: false });
  });

  test('passes a per-variant block explorer through, and refuses one that is not an http(s) URL', async () => {
    const built = await configFromFlags(
      {
        'main-relayer-url': 'https://api.example',
        'main-rpc-url': 'https://rpc.example',
        'main-explorer-url': 'https://etherscan.io',
      },
      'http://localhost:8080',
    );
    const [variant] = built.variants;
    if (!variant) throw new Error('no variant');
    expect(variant.explorerUrl).toBe('https://etherscan.io');
    expect(validateConfig(built).variants[0]?.explorerUrl).toBe('https://etherscan.io');
    expect(() => validateConfig({ variants: [{ ...variant, explorerUrl: 'javascript:alert(1)' }] })).toThrow(
      'explorerUrl',
    );
  });

  test('defaults to the local dev stack', async () => {
    const built = await configFromFlags({}, 'http://localhost:8080');
    expect(built.variants).toEqual([
      expect.objectContaining({ chainId: 50, relayerUrl: 'http://127.0.0.1:3000' }),
    ]);
  });
});
