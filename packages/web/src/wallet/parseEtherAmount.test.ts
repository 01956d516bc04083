import { describe, expect, test } from 'vitest';
import { parseEtherAmount } from './parseEtherAmount';

describe('parseEtherAmount', () => {
  test.each([
    ['1', 1_000_000_000_000_000_000n],
    ['1.5', 1_500_000_000_000_000_000n],
    ['0.1', 100_000_000_000_000_000n],
    ['.000000000000000001', 1n],
    [' 2 ', 2_000_000_000_000_000_000n],
    ['123456789.123456789123456789', 123_456_789_123_456_789_123_456_789n],
  ])('converts %s ether to wei exactly', (text, wei) => {
    expect(parseEtherAmount(text, undefined)).toEqual({ ok: true, wei });
  });

  test('0.1 + 0.2 style amounts stay exact (no floating point)', () => {
    expect(parseEtherAmount('0.3', undefined)).toEqual({ ok: true, wei: 300_000_000_000_000_000n });
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
    expect(parseEtherAmount(text, undefined)).toEqual({ ok: false, error });
  });

  test('refuses more than the balance', () => {
    expect(parseEtherAmount('1.000000000000000001', 10n ** 18n)).toEqual({
      ok: false,
      error: 'More than your balance',
    });
    expect(parseEtherAmount('1', 10n ** 18n)).toEqual({ ok: true, wei: 10n ** 18n });
  });
});
