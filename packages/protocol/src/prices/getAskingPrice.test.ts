import { describe, expect, test } from 'vitest';
import { vectors } from '../vectors/vectors';
import { getAskingPrice } from './getAskingPrice';

const E18 = 10n ** 18n;

describe('getAskingPrice', () => {
  test('prices vector B’s WETH in USD through the ZRX it asks for', () => {
    // 1000 ZRX at $0.5 for 0.5 WETH: $1000 per WETH.
    const b = vectors.orderB.signedOrder;
    expect(
      getAskingPrice({
        takerSymbolPriceUsd: '0.5',
        makerTokenAmount: b.makerTokenAmount,
        makerDecimals: 18,
        takerTokenAmount: b.takerTokenAmount,
        takerDecimals: 18,
      }),
    ).toBe('1000');
  });

  test('accounts for different decimals on each side', () => {
    // 2 ETH at $1234.5678 for 1 six-decimal token.
    expect(
      getAskingPrice({
        takerSymbolPriceUsd: '1234.5678',
        makerTokenAmount: 1_000_000n,
        makerDecimals: 6,
        takerTokenAmount: 2n * E18,
        takerDecimals: 18,
      }),
    ).toBe('2469.1356');
  });

  test('rounds a repeating result half-up at 18 places', () => {
    const base = { takerSymbolPriceUsd: '1', makerTokenAmount: 3n, makerDecimals: 0, takerDecimals: 0 };
    expect(getAskingPrice({ ...base, takerTokenAmount: 1n })).toBe('0.333333333333333333');
    expect(getAskingPrice({ ...base, takerTokenAmount: 2n })).toBe('0.666666666666666667');
  });

  test('keeps tiny ticker prices exact', () => {
    // 1 ZRX at $1e-7 for 1,000,000 maker tokens: $1e-13 each.
    expect(
      getAskingPrice({
        takerSymbolPriceUsd: '1e-7',
        makerTokenAmount: 1_000_000n * E18,
        makerDecimals: 18,
        takerTokenAmount: E18,
        takerDecimals: 18,
      }),
    ).toBe('0.0000000000001');
  });

  test('is undefined without a taker price or when the maker offers nothing', () => {
    const base = { makerTokenAmount: 1n, makerDecimals: 0, takerTokenAmount: 1n, takerDecimals: 0 };
    expect(getAskingPrice({ ...base, takerSymbolPriceUsd: undefined })).toBeUndefined();
    expect(getAskingPrice({ ...base, takerSymbolPriceUsd: 'n/a' })).toBeUndefined();
    expect(getAskingPrice({ ...base, takerSymbolPriceUsd: '1', makerTokenAmount: '0' })).toBeUndefined();
  });

  test('is zero when the maker asks for nothing', () => {
    expect(
      getAskingPrice({
        takerSymbolPriceUsd: '5',
        makerTokenAmount: 1n,
        makerDecimals: 0,
        takerTokenAmount: 0n,
        takerDecimals: 0,
      }),
    ).toBe('0');
  });
});
