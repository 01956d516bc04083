import { expect, test } from 'vitest';
import { FAKE_WETH, TOKENS, WETH, ZRX } from '../test/fixtures';
import { resolveMarketToken } from './resolveMarketToken';

test('an address is taken as it is; a symbol names its one verified token', () => {
  expect(resolveMarketToken(ZRX.address, TOKENS)).toEqual({ kind: 'address', address: ZRX.address });
  expect(resolveMarketToken('ZRX', TOKENS)).toEqual({ kind: 'symbol', address: ZRX.address });
});

test('an unverified lookalike does not count, and two verified tokens of one symbol name neither', () => {
  // The fixtures' fake WETH shares the symbol but is not verified.
  expect(resolveMarketToken('WETH', [...TOKENS, FAKE_WETH])).toEqual({
    kind: 'symbol',
    address: WETH.address,
  });
  const twin = { ...FAKE_WETH, verified: true };
  expect(resolveMarketToken('WETH', [WETH, twin])).toEqual({ kind: 'unknown', matches: 2 });
  expect(resolveMarketToken('weth', TOKENS)).toEqual({ kind: 'unknown', matches: 0 });
  expect(resolveMarketToken('NOPE', TOKENS)).toEqual({ kind: 'unknown', matches: 0 });
});
