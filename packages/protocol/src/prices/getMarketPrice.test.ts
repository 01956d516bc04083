import { describe, expect, test } from 'vitest';
import { getMarketPrice } from './getMarketPrice';

const rates = { ETH: '1234.5678', ZRX: '1e-7', MKR: 'n/a' };

describe('getMarketPrice', () => {
  test('prices WETH as ETH', () => {
    expect(getMarketPrice(rates, 'WETH')).toBe('1234.5678');
    expect(getMarketPrice(rates, 'weth')).toBe('1234.5678');
  });

  test('turns exponent notation into a plain decimal', () => {
    expect(getMarketPrice(rates, 'zrx')).toBe('0.0000001');
  });

  test('is undefined for unknown symbols and unusable prices', () => {
    expect(getMarketPrice(rates, 'DGD')).toBeUndefined();
    expect(getMarketPrice(rates, 'MKR')).toBeUndefined();
  });

  test('does not find Object.prototype members', () => {
    expect(getMarketPrice({}, 'constructor')).toBeUndefined();
    expect(getMarketPrice({}, '__proto__')).toBeUndefined();
    expect(getMarketPrice({ CONSTRUCTOR: '2' }, 'constructor')).toBe('2');
  });
});
