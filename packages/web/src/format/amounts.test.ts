import { describe, expect, test } from 'vitest';
import { formatHolding, formatShortAmount, parseAmountInput, parseEtherAmount } from './amounts';

describe('parseAmountInput', () => {
  test.each([
    ['1.5', 18, 1_500_000_000_000_000_000n],
    ['0.00000001', 8, 1n],
    ['2.5', 6, 2_500_000n],
    ['.5', 6, 500_000n],
    [' 3 ', 0, 3n],
  ])('reads %s with %i decimals as base units', (text, decimals, expected) => {
    expect(parseAmountInput(text, decimals, 'TOK')).toEqual({ value: expected });
  });

  test.each(['', '0', '0.000', '  '])('refuses %j with "Amount can\'t be 0"', (text) => {
    expect(parseAmountInput(text, 18, 'TOK').error).toBe("Amount can't be 0");
  });

  test('refuses more fraction digits than the token has, naming the token', () => {
    expect(parseAmountInput('1.0000001', 6, 'USDC').error).toBe('USDC allows at most 6 decimal places');
    expect(parseAmountInput('1.5', 0, 'NFT').error).toBe('NFT has no decimal places: enter a whole number');
  });

  test.each(['abc', '1e5', '-1', '1,5', '.'])('refuses %j as not a plain number', (text) => {
    expect(parseAmountInput(text, 18, 'TOK').error).toBe('Enter a plain number such as 1.5');
  });

  test('refuses an amount beyond uint256', () => {
    expect(parseAmountInput('9'.repeat(80), 0, 'TOK').error).toBe('Amount is too large');
  });
});

describe('parseEtherAmount', () => {
  test.each([
    ['1', 1_000_000_000_000_000_000n],
    ['1.5', 1_500_000_000_000_000_000n],
    ['0.1', 100_000_000_000_000_000n],
    ['.000000000000000001', 1n],
    [' 2 ', 2_000_000_000_000_000_000n],
    ['123456789.123456789123456789', 123_456_789_123_456_789_123_456_789n],
  ])('converts %s ether to wei exactly', (text, wei) => {
    expect(parseEtherAmount(text, undefined)).toEqual({ value: wei });
  });

  test('0.1 + 0.2 style amounts stay exact (no floating point)', () => {
    expect(parseEtherAmount('0.3', undefined)).toEqual({ value: 300_000_000_000_000_000n });
  });

  test.each([
    ['', 'This field is required'],
    ['0', "Amount can't be 0"],
    ['0.0', "Amount can't be 0"],
    ['-1', 'Enter an amount such as 0.5 (at most 18 decimals)'],
    ['1e18', 'Enter an amount such as 0.5 (at most 18 decimals)'],
    ['abc', 'Enter an amount such as 0.5 (at most 18 decimals)'],
    ['0.0000000000000000001', 'Enter an amount such as 0.5 (at most 18 decimals)'],
  ])('refuses %j', (text, error) => {
    expect(parseEtherAmount(text, undefined)).toEqual({ error });
  });

  test('refuses more than the balance', () => {
    expect(parseEtherAmount('1.000000000000000001', 10n ** 18n)).toEqual({ error: 'More than your balance' });
    expect(parseEtherAmount('1', 10n ** 18n)).toEqual({ value: 10n ** 18n });
  });
});

describe('formatShortAmount', () => {
  test('shows human units per the token decimals, trailing zeros trimmed', () => {
    expect(formatShortAmount('1500000000000000000', 18)).toBe('1.5');
    expect(formatShortAmount('150000000', 8)).toBe('1.5');
    expect(formatShortAmount('1500000', 6)).toBe('1.5');
    expect(formatShortAmount('0', 18)).toBe('0');
  });

  test('rounds to 6 places and never shows a non-zero amount as 0', () => {
    expect(formatShortAmount('1234567890000000000', 18)).toBe('1.234568');
    expect(formatShortAmount('1', 18)).toBe('<0.000001');
  });
});

describe('formatHolding', () => {
  test('is exact, and reads Unlimited from 2^255 up', () => {
    expect(formatHolding(1_234_567_890_000_000_001n, 18)).toBe('1.234567890000000001');
    expect(formatHolding(2n ** 255n - 1n, 0)).toBe((2n ** 255n - 1n).toString());
    expect(formatHolding(2n ** 256n - 1n, 18)).toBe('Unlimited');
  });
});
