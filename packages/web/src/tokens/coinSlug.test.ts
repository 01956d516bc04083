import { describe, expect, test } from 'vitest';
import { coinSlug } from './coinSlug';

describe('coinSlug', () => {
  test.each([
    // Lower-cases the ticker.
    ['ZRX', 'zrx'],
    ['WBTC', 'wbtc'],
    // Turns a trailing star into the word star.
    ['BTC*', 'btcstar'],
    // Keeps a star that is not trailing, and ignores surrounding spaces.
    ['A*B', 'a*b'],
    [' ETH ', 'eth'],
  ])('%j becomes %j', (ticker, slug) => {
    expect(coinSlug(ticker)).toBe(slug);
  });
});
