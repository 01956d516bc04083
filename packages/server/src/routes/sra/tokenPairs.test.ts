import type { TokenRecord } from '@relayer/protocol';
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { tokenPairs } from './tokenPairs.js';

const token = (i: number): TokenRecord => ({
  address: `0x${i.toString(16).padStart(40, '0')}`,
  name: `Token ${i}`,
  symbol: `T${String(i).padStart(6, '0')}`,
  decimals: 18,
  verified: true,
});

/** The definition: every (i, j), i < j, of the symbol-sorted list, filtered and oriented. */
function naivePairs(tokens: TokenRecord[], a?: string, b?: string): [string, string][] {
  const sorted = [...tokens].sort((x, y) => x.symbol.localeCompare(y.symbol));
  const out: [string, string][] = [];
  for (let i = 0; i < sorted.length; i++) {
    for (let j = i + 1; j < sorted.length; j++) {
      const [x, y] = [(sorted[i] as TokenRecord).address, (sorted[j] as TokenRecord).address];
      if (a !== undefined && b !== undefined) {
        if (x === a && y === b) out.push([x, y]);
        else if (x === b && y === a) out.push([y, x]);
      } else if (a !== undefined) {
        if (x === a) out.push([x, y]);
        else if (y === a) out.push([y, x]);
      } else if (b !== undefined) {
        if (y === b) out.push([x, y]);
        else if (x === b) out.push([y, x]);
      } else out.push([x, y]);
    }
  }
  return out;
}

test('property: every page equals the same slice of the full enumeration, with and without filters', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 25 }),
      fc.integer({ min: 0, max: 400 }),
      fc.integer({ min: 1, max: 100 }),
      fc.option(fc.integer({ min: 0, max: 30 })),
      fc.option(fc.integer({ min: 0, max: 30 })),
      (n, offset, limit, ia, ib) => {
        const tokens = Array.from({ length: n }, (_, i) => token(i));
        const a = ia === null ? undefined : token(ia).address;
        const b = ib === null ? undefined : token(ib).address;
        const all = a !== undefined && a === b ? [] : naivePairs(tokens, a, b);
        const page = tokenPairs(tokens, a, b, offset, limit);
        expect(page.total).toBe(all.length);
        expect(page.pairs.map((p) => [p.tokenA.address, p.tokenB.address])).toEqual(
          all.slice(offset, offset + limit),
        );
      },
    ),
    { numRuns: 500 },
  );
});

test('50,000 tokens: the last page is computed without building the 1.25 billion pairs', () => {
  const tokens = Array.from({ length: 50_000 }, (_, i) => token(i));
  const total = (50_000 * 49_999) / 2;
  const page = tokenPairs(tokens, undefined, undefined, total - 2, 100);
  expect(page.total).toBe(total);
  expect(page.pairs.map((p) => [p.tokenA.address, p.tokenB.address])).toEqual([
    [token(49_997).address, token(49_999).address],
    [token(49_998).address, token(49_999).address],
  ]);
  expect(tokenPairs(tokens, token(123).address, undefined, 49_990, 100).pairs).toHaveLength(9);
});
