// @vitest-environment node
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { configFromFlags, type ServedConfig, startWebServer, type WebServer } from './serve.ts';

const config: ServedConfig = {
  variants: [
    {
      key: 'main',
      name: 'Mainnet',
      hosts: ['relayer.test'],
      chainId: 1,
      relayerUrl: 'https://api.relayer.test',
      rpcUrl: 'https://rpc.relayer.test:8545',
      siteUrl: 'https://relayer.test',
    },
    {
      key: 'kovan',
      name: 'Kovan',
      hosts: ['kovan.relayer.test'],
      chainId: 42,
      relayerUrl: 'https://api.relayer.test/kovan',
      rpcUrl: 'http://kovan-node.internal:8545',
      siteUrl: 'https://kovan.relayer.test',
    },
  ],
};

let root: string;
let dist: string;
let server: WebServer;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'web-serve-'));
  dist = join(root, 'dist');
  await mkdir(join(dist, 'assets'), { recursive: true });
  await writeFile(join(root, 'secret.txt'), 'top secret');
  await writeFile(
    join(dist, 'index.html'),
    '<html><head><meta http-equiv="Content-Security-Policy" content="default-src \'self\'" /></head><body>app</body></html>',
  );
  await writeFile(join(dist, 'assets', 'index-abc123.js'), 'console.log("app");'.repeat(50));
  server = await startWebServer({ port: 0, distDir: dist, config });
});

afterAll(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
});

describe('startWebServer', () => {
  test('serves the app at / with a CSP whose connect-src lists the relayer and RPC origins (http and ws)', async () => {
    const response = await fetch(`${server.url}/`);
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy') ?? '';
    const connect = csp.split('; ').find((d) => d.startsWith('connect-src')) ?? '';
    expect(connect.split(' ').sort()).toEqual(
      [
        'connect-src',
        "'self'",
        'https://api.relayer.test',
        'wss://api.relayer.test',
        'https://rpc.relayer.test:8545',
        'wss://rpc.relayer.test:8545',
        'http://kovan-node.internal:8545',
        'ws://kovan-node.internal:8545',
      ].sort(),
    );
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const html = await response.text();
    expect(html).toContain('https://api.relayer.test wss://api.relayer.test');
    expect(html).not.toContain('frame-ancestors');
  });

  test('falls back to index.html for client-side routes but 404s missing files', async () => {
    expect(await (await fetch(`${server.url}/some/route`)).text()).toContain('app');
    expect((await fetch(`${server.url}/assets/missing.js`)).status).toBe(404);
  });

  test('answers a coin overview deep link with the app, not a 404', async () => {
    const response = await fetch(`${server.url}/coins/zrx/overview`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(await response.text()).toContain('<body>app</body>');
  });

  test('serves /config.json from the given config', async () => {
    const response = await fetch(`${server.url}/config.json`);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual(config);
  });

  test('caches hashed assets forever and compresses them', async () => {
    const response = await fetch(`${server.url}/assets/index-abc123.js`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(await response.text()).toContain('console.log("app")');
  });

  test('refuses path traversal and non-GET methods', async () => {
    const traversal = await fetch(`${server.url}/..%2fsecret.txt`);
    expect(traversal.status).toBe(404);
    expect(await traversal.text()).not.toContain('top secret');
    expect((await fetch(`${server.url}/`, { method: 'POST' })).status).toBe(405);
  });
});

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
    expect(built.variants[0]?.explorerUrl).toBe('https://etherscan.io');
    const [variant] = config.variants;
    if (!variant) throw new Error('no variant');
    await expect(
      startWebServer({
        port: 0,
        distDir: dist,
        config: { variants: [{ ...variant, explorerUrl: 'javascript:alert(1)' }] },
      }),
    ).rejects.toThrow('explorerUrl must be an http(s) URL');
  });

  test('defaults to the local dev stack', async () => {
    const built = await configFromFlags({}, 'http://localhost:8080');
    expect(built.variants).toEqual([
      expect.objectContaining({ chainId: 50, relayerUrl: 'http://127.0.0.1:3000' }),
    ]);
  });
});
