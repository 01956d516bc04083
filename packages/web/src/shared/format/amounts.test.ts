import { describe, expect, test } from 'vitest';
import { parseAmountInput } from './amounts';

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
