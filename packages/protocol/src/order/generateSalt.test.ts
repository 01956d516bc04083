import { afterEach, describe, expect, test, vi } from 'vitest';
import { generateSalt, SALT_LIMIT } from './generateSalt';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('generateSalt', () => {
  test('returns distinct salts below 10^77', () => {
    const salts = Array.from({ length: 2000 }, generateSalt);
    expect(new Set(salts).size).toBe(salts.length);
    for (const salt of salts) {
      expect(salt >= 0n && salt < SALT_LIMIT).toBe(true);
    }
  });

  test('spreads salts over the whole range', () => {
    const salts = Array.from({ length: 2000 }, generateSalt);
    const lowerHalf = salts.filter((salt) => salt < SALT_LIMIT / 2n).length;
    // Binomial(2000, 1/2): 5 standard deviations is about ±112.
    expect(Math.abs(lowerHalf - 1000)).toBeLessThan(112);
    // Uniform salts have about 77 digits; a salt from a short or zeroed buffer would not.
    expect(salts.filter((salt) => salt < 10n ** 70n).length).toBeLessThan(3);
  });

  test('redraws a value at or above 10^77 instead of folding it into range', () => {
    const draws = [new Uint8Array(32).fill(0xff), new Uint8Array(32).fill(0x01)];
    const spy = vi.spyOn(globalThis.crypto, 'getRandomValues').mockImplementation((array) => {
      new Uint8Array(array.buffer).set(draws.shift() ?? new Uint8Array(32));
      return array;
    });
    expect(generateSalt()).toBe(BigInt(`0x${'01'.repeat(32)}`));
    expect(spy).toHaveBeenCalledTimes(2);
  });
});
