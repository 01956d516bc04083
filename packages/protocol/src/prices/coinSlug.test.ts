import { describe, expect, test } from 'vitest';
import { coinSlug } from './coinSlug';

describe('coinSlug', () => {
  test('lower-cases the ticker', () => {
    expect(coinSlug('ZRX')).toBe('zrx');
    expect(coinSlug('WBTC')).toBe('wbtc');
  });

  test('turns a trailing star into the word star', () => {
    expect(coinSlug('BTC*')).toBe('btcstar');
  });

  test('keeps a star that is not trailing, and ignores surrounding spaces', () => {
    expect(coinSlug('A*B')).toBe('a*b');
    expect(coinSlug(' ETH ')).toBe('eth');
  });
});
