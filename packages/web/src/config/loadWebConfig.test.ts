import { describe, expect, test, vi } from 'vitest';
import { loadWebConfig } from './loadWebConfig';

const answer = (status: number, body?: unknown) =>
  vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(body === undefined ? null : JSON.stringify(body), { status }),
  );

describe('loadWebConfig', () => {
  test('reads /config.json from the app origin and fills defaults', async () => {
    const fetchFn = answer(200, {
      variants: [
        {
          key: 'kovan',
          name: 'Kovan',
          chainId: 42,
          relayerUrl: 'https://api.test/kovan',
          rpcUrl: 'https://rpc.test',
          siteUrl: 'https://kovan.test',
        },
      ],
    });
    const config = await loadWebConfig(fetchFn, 'https://kovan.test');
    expect(String(fetchFn.mock.calls[0]?.[0])).toBe('https://kovan.test/config.json');
    expect(config.variants[0]).toMatchObject({ key: 'kovan', hosts: [] });
    expect(config.analytics).toEqual({ enabled: true });
    expect(config.links.about).toMatch(/^https:/);
  });

  test('falls back to the local stack when there is no config file', async () => {
    const config = await loadWebConfig(answer(404), 'http://localhost:5173');
    expect(config.variants).toEqual([
      expect.objectContaining({
        chainId: 50,
        relayerUrl: 'http://127.0.0.1:3000',
        siteUrl: 'http://localhost:5173',
      }),
    ]);
  });

  test('treats a static host’s index.html fallback as no config', async () => {
    const fetchFn = vi.fn(
      async (_input: RequestInfo | URL, _init?: RequestInit) =>
        new Response('<!doctype html>', { status: 200, headers: { 'content-type': 'text/html' } }),
    );
    const config = await loadWebConfig(fetchFn, 'http://localhost:5173');
    expect(config.variants[0]?.chainId).toBe(50);
  });

  test('fails loudly on an invalid config', async () => {
    await expect(loadWebConfig(answer(200, { variants: [] }), 'https://x.test')).rejects.toThrow(
      /config.json is invalid/,
    );
    await expect(
      loadWebConfig(
        answer(200, {
          variants: [
            {
              key: 'main',
              name: 'M',
              chainId: 1,
              relayerUrl: 'ftp://x',
              rpcUrl: 'https://r',
              siteUrl: 'https://s',
            },
          ],
        }),
        'https://x.test',
      ),
    ).rejects.toThrow(/variants\.0\.relayerUrl/);
  });

  test('uses the config the web server embedded, without asking for /config.json', async () => {
    const fetchFn = answer(404);
    const embedded = JSON.stringify({
      variants: [
        {
          key: 'main',
          name: 'Mainnet',
          chainId: 1,
          relayerUrl: 'https://api.test',
          rpcUrl: 'https://rpc.test',
          siteUrl: 'https://site.test',
        },
      ],
      analytics: { enabled: false },
    });
    const config = await loadWebConfig(fetchFn, 'https://site.test', embedded);
    expect(fetchFn).not.toHaveBeenCalled();
    expect(config.variants[0]).toMatchObject({ relayerUrl: 'https://api.test', hosts: [] });
    expect(config.analytics).toEqual({ enabled: false });
  });

  test('fails loudly on an invalid embedded config', async () => {
    await expect(loadWebConfig(answer(404), 'https://x.test', '{"variants":[]}')).rejects.toThrow(
      /embedded config is invalid/,
    );
  });
});
