import { expect, test } from 'vitest';
import { loadCoinIcon } from './coinCatalogue';

test('finds bundled coin images by symbol, WETH as ETH, and nothing for unknown symbols', async () => {
  expect(await loadCoinIcon('zrx')).toMatch(/zrx\.svg/);
  expect(await loadCoinIcon('WETH')).toBe(await loadCoinIcon('ETH'));
  expect(await loadCoinIcon('NOT-A-COIN')).toBeUndefined();
  expect(await loadCoinIcon('constructor')).toBeUndefined();
});
