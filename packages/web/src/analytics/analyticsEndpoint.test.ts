import { expect, test } from 'vitest';
import { kovanVariant, mainVariant, testWebConfig } from '../test/testConfig';
import { analyticsEndpoint, pageviewPath, reportedPath } from './analyticsEndpoint';

test("goes to the site's own network: Kovan's views to the relayer's /kovan prefix", () => {
  const config = testWebConfig({ analytics: { enabled: true } });
  expect(analyticsEndpoint(config, mainVariant)).toBe('https://api.relayer.test/analytics/pageview');
  expect(analyticsEndpoint(config, kovanVariant)).toBe('https://api.relayer.test/kovan/analytics/pageview');
  const kovanOnly = testWebConfig({ variants: [kovanVariant], analytics: { enabled: true } });
  expect(analyticsEndpoint(kovanOnly, kovanVariant)).toBe(
    'https://api.relayer.test/kovan/analytics/pageview',
  );
});

test('uses the configured endpoint, or none when switched off', () => {
  expect(
    analyticsEndpoint(
      testWebConfig({ analytics: { enabled: true, endpoint: 'https://stats.test/pv' } }),
      mainVariant,
    ),
  ).toBe('https://stats.test/pv');
  expect(analyticsEndpoint(testWebConfig({ analytics: { enabled: false } }), mainVariant)).toBeUndefined();
});

test('reports an order page as one page, whatever the hash', () => {
  expect(pageviewPath(`/orders/0x${'ab'.repeat(32)}`)).toBe('/orders/:hash');
  expect(pageviewPath('/orders/not-a-hash')).toBe('/orders/:hash');
  expect(pageviewPath('/my/orders')).toBe('/my/orders');
  expect(pageviewPath('/')).toBe('/');
});

test("a configured endpoint tells the networks apart by the path's prefix; the relayer's own endpoint by its URL", () => {
  const custom = testWebConfig({ analytics: { enabled: true, endpoint: 'https://stats.test/pv' } });
  expect(reportedPath(custom, kovanVariant, '/markets')).toBe('/kovan/markets');
  expect(reportedPath(custom, kovanVariant, `/orders/0x${'ab'.repeat(32)}`)).toBe('/kovan/orders/:hash');
  expect(reportedPath(custom, mainVariant, '/markets')).toBe('/markets');
  const own = testWebConfig({ analytics: { enabled: true } });
  expect(reportedPath(own, kovanVariant, '/markets')).toBe('/markets');
});
