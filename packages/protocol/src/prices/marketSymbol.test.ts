import { describe, expect, test } from 'vitest';
import { marketSymbol } from './marketSymbol';

describe('marketSymbol', () => {
  test.each([
    ['WETH', 'ETH'],
    ['weth', 'ETH'],
    ['ETH', 'ETH'],
    ['zrx', 'ZRX'],
    [' mkr ', 'MKR'],
  ])('maps %s to %s', (symbol, expected) => {
    expect(marketSymbol(symbol)).toBe(expected);
  });
});
