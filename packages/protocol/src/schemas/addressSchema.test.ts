import { describe, expect, test } from 'vitest';
import { ADDRESS_MESSAGE, addressSchema, NULL_ADDRESS } from './addressSchema';

describe('addressSchema', () => {
  test('accepts a lower-case address and the null address', () => {
    expect(addressSchema.parse('0x5409ed021d9299bf6814279a6a1411a7e866a631')).toBe(
      '0x5409ed021d9299bf6814279a6a1411a7e866a631',
    );
    expect(addressSchema.parse(NULL_ADDRESS)).toBe('0x0000000000000000000000000000000000000000');
  });

  test.each([
    ['checksummed', '0x5409ED021D9299bf6814279A6A1411A7e866A631'],
    ['too short', '0x5409ed021d9299bf6814279a6a1411a7e866a63'],
    ['too long', '0x5409ed021d9299bf6814279a6a1411a7e866a6311'],
    ['without 0x', '5409ed021d9299bf6814279a6a1411a7e866a631'],
    ['upper-case 0X', '0X5409ed021d9299bf6814279a6a1411a7e866a631'],
    ['non-hex', '0x5409ed021d9299bf6814279a6a1411a7e866a63g'],
    ['padded', ' 0x5409ed021d9299bf6814279a6a1411a7e866a631'],
  ])('refuses an address that is %s, saying it must be lower-case hex', (_, value) => {
    const result = addressSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(ADDRESS_MESSAGE);
    expect(ADDRESS_MESSAGE).toMatch(/lower-case hex/);
  });

  test('refuses non-strings', () => {
    expect(addressSchema.safeParse(42).success).toBe(false);
    expect(addressSchema.safeParse(null).success).toBe(false);
  });
});
