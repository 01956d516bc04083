import { describe, expect, test } from 'vitest';
import { formatCoinSupply } from './formatCoinSupply';

describe('formatCoinSupply', () => {
  test('groups the digits of a numeric supply', () => {
    expect(formatCoinSupply('21000000')).toBe('21,000,000');
    expect(formatCoinSupply('140245398.25')).toBe('140,245,398.25');
  });

  test("reads '0' as no fixed cap and keeps N/A", () => {
    expect(formatCoinSupply('0')).toBe('No fixed cap');
    expect(formatCoinSupply('N/A')).toBe('N/A');
    expect(formatCoinSupply('  ')).toBe('N/A');
  });

  test('shows malformed values trimmed but otherwise as they are', () => {
    expect(formatCoinSupply('21 000 000 ')).toBe('21 000 000');
    expect(formatCoinSupply('1.000.000')).toBe('1.000.000');
  });
});
