import { describe, expect, test } from 'vitest';
import { kovanVariant, mainVariant, testVariants } from '../test/testConfig';
import { networkRedirect } from './networkRedirect';

const mainOrigin = 'https://relayer.test';
const kovanOrigin = 'https://kovan.relayer.test';

describe('networkRedirect', () => {
  test('sends a wallet on Kovan (42) from the main site to the Kovan site', () => {
    expect(networkRedirect(testVariants, mainVariant, 42, mainOrigin)).toBe(kovanVariant.siteUrl);
  });

  test('sends a wallet on mainnet (1) from the Kovan site to the main site', () => {
    expect(networkRedirect(testVariants, kovanVariant, 1, kovanOrigin)).toBe(mainVariant.siteUrl);
  });

  test('stays when the wallet is on the site’s own chain or not connected', () => {
    expect(networkRedirect(testVariants, mainVariant, 1, mainOrigin)).toBeUndefined();
    expect(networkRedirect(testVariants, kovanVariant, 42, kovanOrigin)).toBeUndefined();
    expect(networkRedirect(testVariants, mainVariant, undefined, mainOrigin)).toBeUndefined();
  });

  test('stays on other wrong networks (the page explains and offers a switch instead)', () => {
    expect(networkRedirect(testVariants, mainVariant, 3, mainOrigin)).toBeUndefined();
    expect(networkRedirect(testVariants, kovanVariant, 50, kovanOrigin)).toBeUndefined();
  });

  test('stays when the other site is not configured', () => {
    expect(networkRedirect([mainVariant], mainVariant, 42, mainOrigin)).toBeUndefined();
  });

  test('uses otherSiteUrl when only the current variant is listed', () => {
    const main = { ...mainVariant, otherSiteUrl: 'https://kovan.elsewhere.test' };
    expect(networkRedirect([main], main, 42, mainOrigin)).toBe('https://kovan.elsewhere.test');
  });

  test('follows the configured chain ids, e.g. a local main site on chain 50', () => {
    const local = { ...mainVariant, chainId: 50, siteUrl: 'http://localhost:8080' };
    const kovan = { ...kovanVariant, chainId: 42 };
    expect(networkRedirect([local, kovan], local, 42, 'http://localhost:8080')).toBe(kovan.siteUrl);
    expect(networkRedirect([local, kovan], kovan, 50, kovanOrigin)).toBe(local.siteUrl);
  });

  test('never redirects to the page it is on', () => {
    const kovanOnSameHost = { ...kovanVariant, siteUrl: `${mainOrigin}/` };
    expect(networkRedirect([mainVariant, kovanOnSameHost], mainVariant, 42, mainOrigin)).toBeUndefined();
  });
});
