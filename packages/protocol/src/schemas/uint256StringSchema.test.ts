import { describe, expect, test } from 'vitest';
import { MAX_UINT256, uint256StringSchema } from './uint256StringSchema';

describe('uint256StringSchema', () => {
  test('accepts zero, ordinary amounts and 2^256 - 1', () => {
    expect(uint256StringSchema.parse('0')).toBe('0');
    expect(uint256StringSchema.parse('1000000000000000000')).toBe('1000000000000000000');
    expect(uint256StringSchema.parse(MAX_UINT256.toString())).toBe(MAX_UINT256.toString());
  });

  test('normalises leading zeros away', () => {
    expect(uint256StringSchema.parse('007')).toBe('7');
    expect(uint256StringSchema.parse('000')).toBe('0');
    expect(uint256StringSchema.parse(`0000${MAX_UINT256}`)).toBe(MAX_UINT256.toString());
  });

  test('refuses 2^256 and beyond as out of range', () => {
    for (const value of [(MAX_UINT256 + 1n).toString(), '9'.repeat(78), '1'.repeat(200)]) {
      const issues = uint256StringSchema.safeParse(value).error?.issues;
      expect(issues).toHaveLength(1);
      expect(issues?.[0]).toMatchObject({ code: 'too_big', message: 'must be less than 2^256' });
    }
  });

  test.each([
    ['a fraction', '1.5'],
    ['a sign', '-1'],
    ['a plus sign', '+1'],
    ['an exponent', '1e18'],
    ['hex', '0x10'],
    ['whitespace', ' 1'],
    ['an empty string', ''],
  ])('refuses %s as a format error', (_, value) => {
    const issues = uint256StringSchema.safeParse(value).error?.issues;
    expect(issues).toHaveLength(1);
    expect(issues?.[0]).toMatchObject({ code: 'invalid_format' });
    expect(issues?.[0]?.message).toMatch(/decimal digits only/);
  });

  test('refuses JSON numbers, which lose precision above 2^53', () => {
    expect(uint256StringSchema.safeParse(1).error?.issues[0]).toMatchObject({
      code: 'invalid_type',
      message: 'must be a decimal integer string',
    });
  });
});
