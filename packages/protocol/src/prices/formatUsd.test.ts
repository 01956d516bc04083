import { describe, expect, test } from 'vitest';
import { formatUsd } from './formatUsd';

describe('formatUsd', () => {
  test.each([
    ['1234.5678', '1234.568'],
    ['2', '2.000'],
    ['0.0005', '0.001'],
    ['0.00049', '0.000'],
    ['1.9995', '2.000'],
    ['1e-7', '0.000'],
    ['1.5e3', '1500.000'],
    ['0', '0.000'],
  ])('shows %s with 3 decimals as %s', (price, expected) => {
    expect(formatUsd(price)).toBe(expected);
  });

  test('takes other decimal counts', () => {
    expect(formatUsd('2.5', 0)).toBe('3');
    expect(formatUsd('1234.5678', 6)).toBe('1234.567800');
    expect(formatUsd('123456789012345678901234567890.125', 2)).toBe('123456789012345678901234567890.13');
  });

  test('shows N/A for a missing or unusable price', () => {
    expect(formatUsd(undefined)).toBe('N/A');
    expect(formatUsd('abc')).toBe('N/A');
  });

  test('refuses a negative decimal count', () => {
    expect(() => formatUsd('1', -1)).toThrow(RangeError);
  });
});
