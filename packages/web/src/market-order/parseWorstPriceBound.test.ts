import { describe, expect, test } from 'vitest';
import { parseWorstPriceBound } from './parseWorstPriceBound';

describe('parseWorstPriceBound', () => {
  test('reads a percentage exactly as a fraction of one', () => {
    expect(parseWorstPriceBound('1')).toEqual({ bound: { numerator: 100n, denominator: 10_000n } });
    expect(parseWorstPriceBound(' 0.25 % ')).toEqual({ bound: { numerator: 25n, denominator: 10_000n } });
    expect(parseWorstPriceBound('0')).toEqual({ bound: { numerator: 0n, denominator: 10_000n } });
  });

  test('refuses what is not a bound, in words', () => {
    expect(parseWorstPriceBound('')).toEqual({ error: 'Enter a percentage such as 1 or 0.5' });
    expect(parseWorstPriceBound('-1')).toEqual({ error: 'Enter a percentage such as 1 or 0.5' });
    expect(parseWorstPriceBound('1e2')).toEqual({ error: 'Enter a percentage such as 1 or 0.5' });
    expect(parseWorstPriceBound('0.125')).toEqual({ error: 'At most 2 decimal places' });
    expect(parseWorstPriceBound('100')).toEqual({ error: 'Enter less than 100 %' });
  });
});
