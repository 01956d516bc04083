import { expect, test } from 'vitest';
import { kovanVariant, mainVariant, testWebConfig } from '../test/testConfig';
import { analyticsEndpoint } from './analyticsEndpoint';

test('defaults to the relayer root, also from the Kovan site', () => {
  const config = testWebConfig({ analytics: { enabled: true } });
  expect(analyticsEndpoint(config, mainVariant)).toBe('https://api.relayer.test/analytics/pageview');
  expect(analyticsEndpoint(config, kovanVariant)).toBe('https://api.relayer.test/analytics/pageview');
  const kovanOnly = testWebConfig({ variants: [kovanVariant], analytics: { enabled: true } });
  expect(analyticsEndpoint(kovanOnly, kovanVariant)).toBe('https://api.relayer.test/analytics/pageview');
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
