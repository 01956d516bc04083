import { describe, expect, test } from 'vitest';
import { bytes32Schema, hexSchema } from './bytes32Schema';

const lower = '0x39da987067a3c9e5f1617694f1301326ba8c8b0498ebef5df4863bed394e3c83';

describe('bytes32Schema', () => {
  test('normalises mixed-case hex to lower case', () => {
    expect(bytes32Schema.parse(lower.toUpperCase().replace('0X', '0x'))).toBe(lower);
    expect(bytes32Schema.parse(lower)).toBe(lower);
  });

  test.each([
    ['31 bytes', lower.slice(0, -2)],
    ['33 bytes', `${lower}00`],
    ['no prefix', lower.slice(2)],
    ['non-hex', `${lower.slice(0, -1)}z`],
    ['a number', 1],
  ])('refuses %s', (_, value) => {
    expect(bytes32Schema.safeParse(value).success).toBe(false);
  });

  test('hexSchema is the same 32-byte schema', () => {
    expect(hexSchema.parse(lower.toUpperCase().replace('0X', '0x'))).toBe(lower);
    expect(hexSchema.safeParse('0x1234').success).toBe(false);
  });
});
