import { expect, test } from 'vitest';
import { formatTokenAmount } from './formatTokenAmount';

test('shows human units per the token decimals, trailing zeros trimmed', () => {
  expect(formatTokenAmount('1500000000000000000', 18)).toBe('1.5');
  expect(formatTokenAmount('150000000', 8)).toBe('1.5');
  expect(formatTokenAmount('1500000', 6)).toBe('1.5');
  expect(formatTokenAmount('0', 18)).toBe('0');
});

test('rounds to 6 places and never shows a non-zero amount as 0', () => {
  expect(formatTokenAmount('1234567890000000000', 18)).toBe('1.234568');
  expect(formatTokenAmount('1', 18)).toBe('<0.000001');
});
