import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createRelayerApi } from '../api/relayerApi';
import { initialOrdersQueryState, toOrdersRequest } from '../browse/ordersQueryState';
import { createFakeRelayer, testTokens } from '../test/fakeRelayer';
import { kovanVariant, mainVariant, testWebConfig } from '../test/testConfig';
import { startBootPrefetch } from './bootPrefetch';
import { BOOT_CONFIG_ELEMENT_ID } from './bootState';

let relayer: ReturnType<typeof createFakeRelayer>;

function embedConfig(config: unknown): void {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = BOOT_CONFIG_ELEMENT_ID;
  element.textContent = JSON.stringify(config);
  document.head.append(element);
}

beforeEach(() => {
  relayer = createFakeRelayer();
  vi.stubGlobal('fetch', relayer.fetch);
});

afterEach(() => {
  document.getElementById(BOOT_CONFIG_ELEMENT_ID)?.remove();
  delete window.__relayerBoot;
  window.history.replaceState({}, '', '/');
});

/** The API client the app builds, with its own fetch: it must not need it for what the boot script asked. */
function appApi(relayerUrl: string) {
  const appFetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => relayer.fetch(input, init));
  return { api: createRelayerApi(relayerUrl, appFetch), appFetch };
}

describe('startBootPrefetch', () => {
  test('asks the first view of the home page once, and the API client adopts every answer', async () => {
    embedConfig(testWebConfig());
    startBootPrefetch();
    expect(relayer.requests.map((r) => `${r.method} ${r.url.pathname}`).sort()).toEqual(
      ['GET /config', 'GET /order', 'GET /rates', 'GET /token'].sort(),
    );

    // What the home page's components ask for, in the app's own words.
    const { api, appFetch } = appApi(mainVariant.relayerUrl);
    const [tokens, orders] = await Promise.all([
      api.getTokens(),
      api.getOrders(toOrdersRequest(initialOrdersQueryState({}))),
      api.getNetworkInfo(),
      api.getRates(),
    ]);
    expect(tokens).toEqual(testTokens);
    expect(orders.orders).toEqual([]);
    expect(appFetch).not.toHaveBeenCalled();
    expect(relayer.requests).toHaveLength(4);

    // Each answer is used once: a later read asks the relayer again.
    await api.getTokens();
    expect(appFetch).toHaveBeenCalledTimes(1);
  });

  test('asks the relayer of the variant the host name selects, under its prefix', async () => {
    // jsdom serves the page from localhost: listed here for the test network only.
    embedConfig(testWebConfig({ variants: [mainVariant, { ...kovanVariant, hosts: ['localhost'] }] }));
    startBootPrefetch();
    expect(relayer.requests.map((r) => r.url.href)).toContain('https://api.relayer.test/kovan/token');
    const { api, appFetch } = appApi(kovanVariant.relayerUrl);
    await api.getTokens();
    expect(appFetch).not.toHaveBeenCalled();
  });

  test('leaves the book to the page on other routes, and the rates to the ticker when there is one', async () => {
    window.history.replaceState({}, '', '/coins/zrx/overview');
    embedConfig(testWebConfig({ tickerUrl: 'https://ticker.test/v1/ticker/' }));
    startBootPrefetch();
    expect(relayer.requests.map((r) => r.url.pathname).sort()).toEqual(['/config', '/token']);
  });

  test('does nothing without an embedded config (a plain static host)', () => {
    startBootPrefetch();
    expect(relayer.requests).toHaveLength(0);
    expect(window.__relayerBoot).toBeUndefined();
  });

  test('never lends a boot answer to a write', async () => {
    embedConfig(testWebConfig());
    startBootPrefetch();
    const { api, appFetch } = appApi(mainVariant.relayerUrl);
    relayer.fetch.mockClear();
    await api
      .postToken({ address: testTokens[0]?.address ?? '0x', name: 'x', symbol: 'x', decimals: 1 })
      .catch(() => {});
    expect(appFetch).toHaveBeenCalledTimes(1);
    expect(appFetch.mock.calls[0]?.[1]?.method).toBe('POST');
  });
});
