import { expect, test } from 'vitest';
import { parseUsdPrice } from './parseUsdPrice.js';

test('keeps plain positive decimals exactly and rewrites exponents without floats', () => {
  expect(parseUsdPrice('65000.12')).toBe('65000.12');
  expect(parseUsdPrice('0.000031')).toBe('0.000031');
  expect(parseUsdPrice('0.1000000000000000055511151231257827')).toBe('0.1000000000000000055511151231257827');
  expect(parseUsdPrice('1.2e-05')).toBe('0.000012');
  expect(parseUsdPrice('3E2')).toBe('300');
});

test('refuses zero, negatives, non-numbers, numbers and absurd lengths', () => {
  for (const bad of [
    '0',
    '0.000',
    '-1',
    'NaN',
    'Infinity',
    '',
    '1,000',
    '0x10',
    '1e-900',
    'abc',
    '9'.repeat(49),
  ]) {
    expect(parseUsdPrice(bad), bad).toBeUndefined();
  }
  for (const bad of [12.5, null, undefined, {}, ['1']]) expect(parseUsdPrice(bad)).toBeUndefined();
});
