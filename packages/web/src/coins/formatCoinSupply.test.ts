import { describe, expect, test } from 'vitest';
import { formatCoinSupply } from './formatCoinSupply';

describe('formatCoinSupply', () => {
  test.each([
    // Groups the digits of a numeric supply.
    ['21000000', '21,000,000'],
    ['140245398.25', '140,245,398.25'],
    // Reads '0' as no fixed cap and keeps N/A.
    ['0', 'No fixed cap'],
    ['N/A', 'N/A'],
    ['  ', 'N/A'],
    // Shows malformed values trimmed but otherwise as they are.
    ['21 000 000 ', '21 000 000'],
    ['1.000.000', '1.000.000'],
  ])('%j reads %j', (supply, shown) => {
    expect(formatCoinSupply(supply)).toBe(shown);
  });
});
