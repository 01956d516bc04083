import { describe, expect, test } from 'vitest';
import { parsePrice } from './parsePrice';

describe('parsePrice', () => {
  test.each([
    ['1234.5678', '1234.5678'],
    ['0.0000123', '0.0000123'],
    ['1e-7', '0.0000001'],
    ['1.5E3', '1500'],
    ['2.5e+2', '250'],
    ['12.3400', '12.34'],
    ['00.10', '0.1'],
    ['.5', '0.5'],
    ['5.', '5'],
    ['+2', '2'],
    ['0', '0'],
    [' 3.5 ', '3.5'],
    ['123456789012345678901234567890.123456789', '123456789012345678901234567890.123456789'],
  ])('reads "%s" as %s', (text, expected) => {
    expect(parsePrice(text)).toBe(expected);
  });

  test.each(['', '.', '-1', '1e', 'e5', 'NaN', 'Infinity', '1,5', '$1', '1e1001', '0x10', undefined])(
    'refuses %s',
    (text) => {
      expect(parsePrice(text)).toBeUndefined();
    },
  );
});
