import { describe, expect, test } from 'vitest';
import { classifyPrice } from './classifyPrice';

describe('classifyPrice', () => {
  test('is good when the asking price is above the market price', () => {
    expect(classifyPrice('1000', '999.99')).toBe('good');
    expect(classifyPrice('1e-6', '1e-7')).toBe('good');
  });

  test('is bad when the asking price is at or below the market price', () => {
    expect(classifyPrice('1000', '1000')).toBe('bad');
    expect(classifyPrice('0.0000001', '1e-7')).toBe('bad');
    expect(classifyPrice('999', '1000')).toBe('bad');
  });

  test('compares exactly where floating point would call them equal', () => {
    expect(classifyPrice('0.30000000000000000001', '0.3')).toBe('good');
  });

  test('is bad when there is an asking price but no market price', () => {
    expect(classifyPrice('1', undefined)).toBe('bad');
    expect(classifyPrice('1', 'n/a')).toBe('bad');
  });

  test('has no class without an asking price', () => {
    expect(classifyPrice(undefined, '1')).toBeUndefined();
    expect(classifyPrice(undefined, undefined)).toBeUndefined();
  });
});
