import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { parseWithSraErrors } from './parseWithSraErrors';
import { tokenSchema } from './tokenSchema';

describe('parseWithSraErrors', () => {
  test('maps token problems to SRA codes', () => {
    const result = parseWithSraErrors(tokenSchema, {
      address: '0xABC',
      name: '',
      symbol: 'ZRX',
      decimals: 40,
    });
    expect(result).toMatchObject({
      success: false,
      malformedJson: false,
      errors: [
        { field: 'address', code: 1002 },
        { field: 'name', code: 1004 },
        { field: 'decimals', code: 1004 },
      ],
    });
  });

  test('reports a choice outside a set of string options as unsupported (1006)', () => {
    const schema = z.object({ sort: z.enum(['makerFee', 'expiration']) });
    expect(parseWithSraErrors(schema, { sort: 'price' })).toMatchObject({
      success: false,
      errors: [{ field: 'sort', code: 1006 }],
    });
  });

  test('uses array indexes in dotted paths', () => {
    const schema = z.object({ orders: z.array(z.object({ salt: z.string() })) });
    expect(parseWithSraErrors(schema, { orders: [{ salt: '1' }, {}] })).toMatchObject({
      success: false,
      errors: [{ field: 'orders.1.salt', code: 1000 }],
    });
  });

  test('does not mistake inherited properties for present fields', () => {
    const schema = z.object({ toString: z.string() });
    expect(parseWithSraErrors(schema, {})).toMatchObject({ errors: [{ field: 'toString', code: 1000 }] });
  });

  test('returns the parsed, normalised data on success', () => {
    expect(
      parseWithSraErrors(
        tokenSchema,
        '{"address":"0x1d7022f5b17d2f8b695918fb48fa1089c9f85401","name":" ZRX token ","symbol":"ZRX","decimals":18}',
      ),
    ).toEqual({
      success: true,
      data: {
        address: '0x1d7022f5b17d2f8b695918fb48fa1089c9f85401',
        name: 'ZRX token',
        symbol: 'ZRX',
        decimals: 18,
      },
    });
  });

  test('names each unknown key of a strict schema as an unsupported option, a few and briefly', () => {
    const schema = z.strictObject({ page: z.string().optional() });
    expect(parseWithSraErrors(schema, { page: '1', i: '2' })).toEqual({
      success: false,
      malformedJson: false,
      errors: [{ field: 'i', code: 1006, reason: 'is not a parameter of this request' }],
    });
    const many = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`${'k'.repeat(100)}${i}`, 'x']));
    const result = parseWithSraErrors(schema, many);
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.errors).toHaveLength(5);
    for (const error of result.errors) expect(error.field.length).toBeLessThanOrEqual(40);
  });
});
