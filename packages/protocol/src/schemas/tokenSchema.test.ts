import { describe, expect, test } from 'vitest';
import { tokenSchema } from './tokenSchema';

const zrx = {
  address: '0x1d7022f5b17d2f8b695918fb48fa1089c9f85401',
  name: '0x Protocol Token',
  symbol: 'ZRX',
  decimals: 18,
};

describe('tokenSchema', () => {
  test('accepts a token and trims its name and symbol', () => {
    expect(tokenSchema.parse({ ...zrx, name: '  0x Protocol Token ', symbol: ' ZRX' })).toEqual(zrx);
  });

  test('accepts decimals from 0 to 36', () => {
    expect(tokenSchema.parse({ ...zrx, decimals: 0 }).decimals).toBe(0);
    expect(tokenSchema.parse({ ...zrx, decimals: 36 }).decimals).toBe(36);
  });

  test.each([
    ['an empty name', { name: '   ' }, 'name'],
    ['a 65-character name', { name: 'x'.repeat(65) }, 'name'],
    ['a 17-character symbol', { symbol: 'S'.repeat(17) }, 'symbol'],
    ['37 decimals', { decimals: 37 }, 'decimals'],
    ['negative decimals', { decimals: -1 }, 'decimals'],
    ['fractional decimals', { decimals: 1.5 }, 'decimals'],
    ['decimals as a string', { decimals: '18' }, 'decimals'],
    ['a checksummed address', { address: '0x1D7022f5B17d2F8B695918FB48fa1089C9f85401' }, 'address'],
  ])('refuses %s', (_, change, field) => {
    const result = tokenSchema.safeParse({ ...zrx, ...change });
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual([field]);
  });

  test('allows names up to 64 and symbols up to 16 characters', () => {
    expect(tokenSchema.safeParse({ ...zrx, name: 'x'.repeat(64), symbol: 'S'.repeat(16) }).success).toBe(
      true,
    );
  });
});
