import type { TokenPrice } from '@relayer/protocol';
import { expect, test } from 'vitest';
import { ratesResponse, WETH, ZRX } from '../test/fixtures';
import { makeOrderPrices } from './makeOrderPrices';

const now = Date.now();
const rates = (quality: 'live' | 'example') => {
  const book = ratesResponse({ [ZRX.address]: '0.5', [WETH.address]: '2000' }, quality);
  return {
    tokenPrice: (address: string): TokenPrice | undefined => book.tokens[address as `0x${string}`],
    maxAgeMs: 900_000,
    now,
  };
};
// 4000 ZRX ($2000) at market for 1 WETH ($2000).
const order = (wethBaseUnits: bigint) => ({
  makerTokenAmount: 4000n * 10n ** 18n,
  takerTokenAmount: wethBaseUnits,
});

test('warns when the maker gets more than 5 % less than the market value, against live prices', () => {
  expect(makeOrderPrices(order(94n * 10n ** 16n), ZRX, WETH, rates('live')).farBelowMarketPercent).toBe(
    '6.0',
  );
  // Exactly 5 % below, at market and above are not warned about.
  expect(
    makeOrderPrices(order(95n * 10n ** 16n), ZRX, WETH, rates('live')).farBelowMarketPercent,
  ).toBeUndefined();
  expect(makeOrderPrices(order(10n ** 18n), ZRX, WETH, rates('live')).farBelowMarketPercent).toBeUndefined();
  expect(
    makeOrderPrices(order(2n * 10n ** 18n), ZRX, WETH, rates('live')).farBelowMarketPercent,
  ).toBeUndefined();
});

test('never warns by example prices', () => {
  const prices = makeOrderPrices(order(10n ** 17n), ZRX, WETH, rates('example'));
  expect(prices.judgement?.relation).toBe('below');
  expect(prices.farBelowMarketPercent).toBeUndefined();
});
