import { describe, expect, test } from 'vitest';
import { formatTxCost } from './formatTxCost';

const gwei = 10n ** 9n;

describe('formatTxCost', () => {
  test('says the cost in ETH to three significant digits, the USD at a live price, and the gas', () => {
    // 98,000 gas at 4.3 gwei = 0.0004214 ETH; at $3,000.5 per ETH that is $1.264...
    const parts = formatTxCost({ costWei: (98_000n * 43n * gwei) / 10n, gas: 98_000n, ethUsd: '3000.5' });
    expect(parts.text).toBe('Network cost: ~0.000421 ETH ($1.26), 98,000 gas');
  });

  test('rounds half up at the third significant digit', () => {
    expect(formatTxCost({ costWei: 1_235_000_000_000_000n, gas: 21_000n }).eth).toBe('~0.00124 ETH');
    expect(formatTxCost({ costWei: 1_234_999_999_999_999n, gas: 21_000n }).eth).toBe('~0.00123 ETH');
  });

  test('leaves out dollars without a live price', () => {
    const parts = formatTxCost({ costWei: 21_000n * gwei, gas: 21_000n });
    expect(parts.usd).toBeUndefined();
    expect(parts.text).toBe('Network cost: ~0.000021 ETH, 21,000 gas');
  });

  test('says a cost under a cent as such, not as $0.00', () => {
    expect(formatTxCost({ costWei: 21_000n * 7n, gas: 21_000n, ethUsd: '2500' }).usd).toBe('< $0.01');
    expect(formatTxCost({ costWei: 0n, gas: 21_000n, ethUsd: '2500' }).usd).toBe('$0.00');
  });

  test('groups thousands of dollars and of gas', () => {
    const parts = formatTxCost({ costWei: 10n ** 18n, gas: 12_345_678n, ethUsd: '1234.567' });
    expect(parts.usd).toBe('$1,234.57');
    expect(parts.gas).toBe('12,345,678 gas');
  });

  test('keeps wei exact below three digits', () => {
    expect(formatTxCost({ costWei: 42n, gas: 42n }).eth).toBe('~0.000000000000000042 ETH');
  });
});
