import { describe, expect, test } from 'vitest';
import { tickerFacts } from './tickerFacts';

describe('tickerFacts', () => {
  test('the last price at the book’s places and the change signed, in percent', () => {
    expect(tickerFacts({ last: '0.2', changePercent: '100' }, 6)).toEqual({
      last: '0.200000',
      change: '+100.00%',
    });
    expect(tickerFacts({ last: '0.0123456789', changePercent: '-12.345' }, 4)).toEqual({
      last: '0.0123',
      change: '-12.35%',
    });
    expect(tickerFacts({ last: '0.1', changePercent: '0' }, 2).change).toBe('+0.00%');
  });

  test('a dash before any trade, or without a change to compare', () => {
    expect(tickerFacts(null, 6)).toEqual({ last: '—', change: '—' });
    expect(tickerFacts(undefined, 6)).toEqual({ last: '—', change: '—' });
    expect(tickerFacts({ last: '0.5', changePercent: null }, 2)).toEqual({ last: '0.50', change: '—' });
  });
});
