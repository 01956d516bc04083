import { describe, expect, test } from 'vitest';
import { MAX_UINT256 } from '../internal/hex';
import { vectors } from '../vectors/vectors';
import { getPartialAmount } from './getPartialAmount';

describe('getPartialAmount', () => {
  test.each(vectors.rounding)(
    'floors $numerator × $target / $denominator to $partialAmount',
    ({ numerator, denominator, target, partialAmount }) => {
      expect(getPartialAmount(numerator, denominator, target)).toBe(partialAmount);
    },
  );

  test('gives vector B’s partial-fill amounts', () => {
    const { partialFill } = vectors.orderB;
    expect(getPartialAmount(partialFill.fillTakerTokenAmount, 1000n * 10n ** 18n, 5n * 10n ** 17n)).toBe(
      partialFill.filledMakerTokenAmount,
    );
    expect(getPartialAmount(partialFill.fillTakerTokenAmount, 1000n * 10n ** 18n, 10n ** 18n)).toBe(
      partialFill.paidMakerFee,
    );
  });

  test('floors rather than rounds', () => {
    expect(getPartialAmount(2n, 3n, 1n)).toBe(0n);
    expect(getPartialAmount(2n, 3n, 1001n)).toBe(667n);
  });

  test('throws on a zero denominator, where the contract reverts', () => {
    expect(() => getPartialAmount(1n, 0n, 1n)).toThrow(/denominator/);
  });

  test('throws when numerator × target leaves uint256, where SafeMath reverts', () => {
    expect(getPartialAmount(MAX_UINT256, MAX_UINT256, 1n)).toBe(1n);
    expect(() => getPartialAmount(1n << 255n, 1n, 2n)).toThrow(/overflow/);
  });

  test('refuses values that are not uint256', () => {
    expect(() => getPartialAmount(-1n, 1n, 1n)).toThrow(RangeError);
    expect(() => getPartialAmount(1n, MAX_UINT256 + 1n, 1n)).toThrow(RangeError);
  });
});
