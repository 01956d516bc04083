import { describe, expect, test } from 'vitest';
import { vectors } from '../vectors/vectors';
import { ecSignatureSchema } from './ecSignatureSchema';

const { ecSignature } = vectors.officialSignature;

describe('ecSignatureSchema', () => {
  test('accepts v 27 and 28 and lower-cases r and s', () => {
    expect(ecSignatureSchema.parse(ecSignature)).toEqual(ecSignature);
    const upper = { v: 28, r: ecSignature.r.toUpperCase().replace('0X', '0x'), s: ecSignature.s };
    expect(ecSignatureSchema.parse(upper)).toEqual({ ...ecSignature, v: 28 });
  });

  test.each([0, 1, 26, 29, 27.5])('refuses v = %s', (v) => {
    expect(ecSignatureSchema.safeParse({ ...ecSignature, v }).error?.issues[0]?.message).toBe(
      'must be the number 27 or 28',
    );
  });

  test('refuses v as a string', () => {
    expect(ecSignatureSchema.safeParse({ ...ecSignature, v: '27' }).success).toBe(false);
  });

  test('refuses a short r and a missing s', () => {
    const result = ecSignatureSchema.safeParse({ v: 27, r: '0x1234' });
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['r', 's']);
  });

  test('strips unknown keys', () => {
    expect(ecSignatureSchema.parse({ ...ecSignature, extra: 1 })).toEqual(ecSignature);
  });
});
