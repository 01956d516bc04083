import { describe, expect, test } from 'vitest';
import { networkCost } from './networkCost';

describe('networkCost', () => {
  test('gas times the gas price, in ETH, and in USD with a live price', () => {
    // 210,000 gas at 2 gwei: 0.00042 ETH, at $3012.5 = $1.26525 -> $1.27.
    expect(networkCost({ gas: 210_000n, gasPrice: 2_000_000_000n, ethUsd: '3012.5' })).toEqual({
      wei: 420_000_000_000_000n,
      eth: '0.00042',
      usd: '1.27',
    });
  });

  test('no USD without a price; whole dollars keep their cents', () => {
    expect(networkCost({ gas: 21_000n, gasPrice: 1n })).toEqual({ wei: 21_000n, eth: '<0.000001' });
    expect(networkCost({ gas: 10n ** 6n, gasPrice: 10n ** 12n, ethUsd: '2000' }).usd).toBe('2000.00');
    expect(networkCost({ gas: 21_000n, gasPrice: 1n, ethUsd: '2000' }).usd).toBe('<0.01');
    expect(networkCost({ gas: 0n, gasPrice: 1n, ethUsd: '2000' }).usd).toBe('0.00');
  });
});
