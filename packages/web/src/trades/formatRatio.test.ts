import { expect, test } from 'vitest';
import { formatRatio } from './formatRatio';

test('applies each side’s decimals and rounds down, exactly', () => {
  // 1 WETH (18) for 1000 ZRX (18): 0.001 WETH per ZRX.
  expect(formatRatio(10n ** 18n, 18, 1000n * 10n ** 18n, 18)).toBe('0.001');
  // 60000 USDC (6) for 1 WBTC (8).
  expect(formatRatio(60_000n * 10n ** 6n, 6, 10n ** 8n, 8)).toBe('60000');
  // 2/3, cut at 8 places (never rounded up).
  expect(formatRatio(2n, 0, 3n, 0)).toBe('0.66666666');
  expect(formatRatio(1n, 0, 10n ** 12n, 0)).toBe('<0.00000001');
  expect(formatRatio(0n, 0, 5n, 0)).toBe('0');
  expect(formatRatio(1n, 0, 0n, 0)).toBe('–');
});
