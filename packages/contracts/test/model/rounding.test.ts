import {
  getPartialAmount as libraryPartialAmount,
  isRoundingError as libraryRoundingError,
} from '@relayer/protocol';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { MAX_UINT256, Revert } from './ModelWorld.js';
import { getPartialAmount, isRoundingError } from './rounding.js';

describe("the model's exact rounding", () => {
  // PROTOCOL.md §4.3's rounding vectors.
  test.each([
    [20n, 999n, 50n, false, 1n],
    [20n, 9991n, 500n, false, 1n],
    [20n, 9989n, 500n, true, 1n],
    [3n, 7n, 10n, true, 4n],
    [1n, 2n, 10n, false, 5n],
    [76564n, 676373677n, 105762562n, false, 11972n],
    [1n, 3n, 1001n, true, 333n],
  ])('(%s, %s, %s): rounding error %s, partial amount %s', (n, d, t, error, partial) => {
    expect(isRoundingError(n, d, t)).toBe(error);
    expect(getPartialAmount(n, d, t)).toBe(partial);
  });

  test('reverts where v1 does: a zero denominator, a product past uint256', () => {
    expect(() => getPartialAmount(1n, 0n, 1n)).toThrow(Revert);
    expect(isRoundingError(1n, 0n, 1n)).toBe(false);
    expect(() => getPartialAmount(MAX_UINT256, 1n, 2n)).toThrow(Revert);
    expect(() => isRoundingError(MAX_UINT256, 4n, 3n)).toThrow(Revert);
  });

  test('agrees with the protocol library on random amounts (an independent statement of one rule)', () => {
    const amount = fc.oneof(fc.bigInt({ min: 0n, max: 10n ** 6n }), fc.bigInt({ min: 0n, max: MAX_UINT256 }));
    const outcome = (compute: () => unknown) => {
      try {
        return compute();
      } catch {
        return 'reverts';
      }
    };
    fc.assert(
      fc.property(amount, amount, amount, (n, d, t) => {
        expect(outcome(() => getPartialAmount(n, d, t))).toEqual(
          outcome(() => libraryPartialAmount(n, d, t)),
        );
        expect(outcome(() => isRoundingError(n, d, t))).toEqual(outcome(() => libraryRoundingError(n, d, t)));
      }),
      { numRuns: 2000 },
    );
  });
});
