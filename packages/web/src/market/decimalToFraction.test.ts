import { describe, expect, test } from 'vitest';
import { decimalToFraction } from './decimalToFraction';

describe('decimalToFraction', () => {
  test('keeps every digit and the sign', () => {
    expect(decimalToFraction('0.0125')).toEqual({ numerator: 125n, denominator: 10_000n });
    expect(decimalToFraction('-3.5')).toEqual({ numerator: -35n, denominator: 10n });
    expect(decimalToFraction('100')).toEqual({ numerator: 100n, denominator: 1n });
  });

  test('refuses what is not a plain decimal', () => {
    for (const text of ['', '1e-7', '.5', '1.', '+1', 'NaN']) expect(decimalToFraction(text)).toBeUndefined();
  });
});
