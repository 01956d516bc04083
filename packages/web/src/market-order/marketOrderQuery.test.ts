import { describe, expect, test } from 'vitest';
import { parseAmountInput } from '../format/amounts';
import { TAKER, USDC, WETH, ZRX } from '../test/fixtures';
import { marketOrderQuery } from './marketOrderQuery';

describe('marketOrderQuery', () => {
  test('a buy asks for an exact buyAmount of the base token, paid in the quote token', () => {
    expect(marketOrderQuery({ side: 'buy', base: ZRX, quote: WETH, amount: 150n * 10n ** 18n })).toEqual({
      sellToken: WETH.address,
      buyToken: ZRX.address,
      buyAmount: '150000000000000000000',
    });
  });

  test('a sell gives an exact sellAmount of the base token; the taker leaves its own orders out', () => {
    expect(marketOrderQuery({ side: 'sell', base: USDC, quote: WETH, amount: 1n, taker: TAKER })).toEqual({
      sellToken: USDC.address,
      buyToken: WETH.address,
      sellAmount: '1',
      takerAddress: TAKER,
    });
  });

  test('the typed amount becomes base units exactly, never through a float', () => {
    // 0.1 + 0.2 in floats is 0.30000000000000004; here it is 3 * 10^17 exactly.
    expect(parseAmountInput('0.3', 18, 'ZRX')).toEqual({ value: 3n * 10n ** 17n });
    expect(parseAmountInput('123456789.123456789123456789', 18, 'ZRX')).toEqual({
      value: 123_456_789_123_456_789_123_456_789n,
    });
    expect(parseAmountInput('0.0000001', 6, 'USDC')).toEqual({
      error: 'USDC allows at most 6 decimal places',
    });
  });
});
