import { describe, expect, test } from 'vitest';
import { vectors } from '../vectors/vectors';
import { isRoundingError } from './isRoundingError';

describe('isRoundingError', () => {
  test.each(vectors.rounding)(
    '($numerator, $denominator, $target) is $isRoundingError',
    ({ numerator, denominator, target, isRoundingError: expected }) => {
      expect(isRoundingError(numerator, denominator, target)).toBe(expected);
    },
  );

  test('allows exactly 0.1 % and refuses anything above', () => {
    // 20 × 50 = 1000 ≡ 1 (mod 999): error 1/1000 exactly.
    expect(isRoundingError(20n, 999n, 50n)).toBe(false);
    // 1 × 1001 ≡ 2 (mod 3): 2/1001 ≈ 0.2 %.
    expect(isRoundingError(1n, 3n, 1001n)).toBe(true);
  });

  test('lets the unfillable order’s first fill of 2 through and stops the last 1', () => {
    const { makerTokenAmount, takerTokenAmount } = vectors.unfillableOrder;
    expect(isRoundingError(2n, takerTokenAmount, makerTokenAmount)).toBe(false);
    expect(isRoundingError(1n, takerTokenAmount, makerTokenAmount)).toBe(true);
  });

  test('reports no error for an exact division or a zero numerator', () => {
    expect(isRoundingError(1n, 2n, 10n)).toBe(false);
    expect(isRoundingError(0n, 7n, 10n)).toBe(false);
  });

  test('treats a zero denominator as no error, as EVM mulmod returns 0', () => {
    expect(isRoundingError(5n, 0n, 7n)).toBe(false);
  });

  test('throws when numerator × target leaves uint256, where SafeMath reverts', () => {
    expect(() => isRoundingError(1n << 200n, 3n, 1n << 60n)).toThrow(/overflow/);
  });
});
