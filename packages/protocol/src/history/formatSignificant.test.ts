import { expect, test } from 'vitest';
import { formatSignificant } from './formatSignificant';

test('keeps the sign and rounds half away from zero', () => {
  expect(formatSignificant(-2n, 3n, 3)).toBe('-0.667');
  expect(formatSignificant(2n, 3n, 3)).toBe('0.667');
  expect(formatSignificant(-1n, 8n, 2)).toBe('-0.13');
  expect(formatSignificant(12_345n, 1n, 2)).toBe('12000');
  expect(formatSignificant(0n, 7n, 5)).toBe('0');
});

test('refuses a denominator that is not positive', () => {
  expect(() => formatSignificant(1n, 0n, 3)).toThrow(RangeError);
});
