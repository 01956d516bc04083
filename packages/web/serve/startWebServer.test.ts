// @vitest-environment node
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { scriptHash } from '../csp.ts';
import { precompress } from './precompress.ts';
import type { ServedConfig, ServedVariant } from './servedConfig.ts';
import { startWebServer, type WebServer } from './startWebServer.ts';

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

/** The built index.html's head: the config placeholder, then the inline boot script. */
const BOOT_SCRIPT = 'window.booted = true;';
const BOOT = `<!-- relayer:config --><script>${BOOT_SCRIPT}</script>`;

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
    `<html><head><meta http-equiv="Content-Security-Policy" content="default-src 'self'" />${BOOT}</head><body>app</body></html>`,
  );
  await writeFile(join(dist, 'assets', 'index-abc123.js'), 'console.log("app");'.repeat(50));
  await writeFile(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
  // Vite's build manifest: the map of every chunk, for tools only.
  await mkdir(join(dist, '.vite'), { recursive: true });
  await writeFile(join(dist, '.vite', 'manifest.json'), JSON.stringify({ 'index.html': { file: 'x.js' } }));
  await precompress(dist);
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
    const connect = csp.split(/;\s*/).find((d) => d.startsWith('connect-src')) ?? '';
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
    // The app's schema filled the defaults in (hosts, analytics, links).
    expect(await response.json()).toMatchObject(config);
  });

  test('embeds the config for the boot script and allows that script by hash, in the header and the meta tag', async () => {
    const response = await fetch(`${server.url}/`);
    const hash = `'${scriptHash(BOOT_SCRIPT)}'`;
    const scriptSrc = (csp: string) => csp.split(/;\s*/).find((d) => d.startsWith('script-src'));
    expect(scriptSrc(response.headers.get('content-security-policy') ?? '')).toBe(
      `script-src 'self' ${hash}`,
    );
    const html = await response.text();
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1] ?? '';
    expect(scriptSrc(meta)).toBe(`script-src 'self' ${hash}`);
    const embedded = /<script type="application\/json" id="relayer-config">([^<]*)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(embedded ?? 'null')).toMatchObject(config);
    // Before the boot script, which reads it while the page is parsed.
    expect(html.indexOf('id="relayer-config"')).toBeLessThan(html.indexOf(BOOT_SCRIPT));
    expect(html).toContain('<link rel="preconnect" href="https://api.relayer.test" crossorigin>');
  });

  test('preconnects to the relayer of the variant the host name selects', async () => {
    const kovanConfig: ServedConfig = {
      variants: [
        ...config.variants.filter((v) => v.key === 'main'),
        { ...(config.variants[1] as ServedVariant), relayerUrl: 'https://kovan-api.relayer.test' },
      ],
    };
    const other = await startWebServer({ port: 0, distDir: dist, config: kovanConfig });
    try {
      const htmlFor = (host: string) =>
        new Promise<string>((resolveBody, reject) => {
          get(`${other.url}/`, { headers: { host } }, (response) => {
            let body = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => {
              body += chunk;
            });
            response.on('end', () => resolveBody(body));
          }).on('error', reject);
        });
      expect(await htmlFor('kovan.relayer.test')).toContain('href="https://kovan-api.relayer.test"');
      expect(await htmlFor('relayer.test')).toContain('href="https://api.relayer.test"');
      expect(await htmlFor('unknown.test')).toContain('href="https://api.relayer.test"');
    } finally {
      await other.close();
    }
  });

  test('answers an unchanged index.html with 304 Not Modified', async () => {
    const first = await fetch(`${server.url}/`);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^".+"$/);
    const again = await fetch(`${server.url}/`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  test('sends the brotli twin of an asset to a browser that accepts it', async () => {
    const response = await fetch(`${server.url}/assets/index-abc123.js`, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await response.text()).toBe('console.log("app");'.repeat(50));
    const plain = await fetch(`${server.url}/favicon.svg`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('cache-control')).toBe('public, max-age=300');
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

  test('never serves the build manifest or any other dot-file, compressed or not', async () => {
    for (const path of ['/.vite/manifest.json', '/.vite/../.vite/manifest.json', '/%2Evite/manifest.json']) {
      for (const encoding of ['identity', 'br, gzip']) {
        const response = await fetch(`${server.url}${path}`, { headers: { 'accept-encoding': encoding } });
        expect(response.status, `${path} ${encoding}`).toBe(404);
        expect(await response.text()).not.toContain('x.js');
      }
    }
  });
});
