import { expect, test } from 'vitest';
import { USDC, WETH, ZRX } from '../test/fixtures';
import { type MakeAmountValues, resolveMakeAmounts } from './resolveMakeAmounts';

const byPrice = (patch: Partial<MakeAmountValues>): MakeAmountValues => ({
  entry: 'price',
  makerAmount: '',
  takerAmount: '',
  price: '',
  priceQuote: 'taker',
  amountSide: 'maker',
  ...patch,
});

test('two amounts are read as typed', () => {
  const resolved = resolveMakeAmounts(
    { ...byPrice({ makerAmount: '10', takerAmount: '0.5' }), entry: 'amounts' },
    ZRX,
    WETH,
  );
  expect(resolved).toMatchObject({ makerTokenAmount: 10n * 10n ** 18n, takerTokenAmount: 5n * 10n ** 17n });
});

test('a price and the amount given make the amount got, rounded up for the maker', () => {
  // 10 ZRX at 1.23456789 USDC each is 12.3456789 USDC: USDC has 6 decimals, so 12.345679.
  const resolved = resolveMakeAmounts(byPrice({ makerAmount: '10', price: '1.23456789' }), ZRX, USDC);
  expect(resolved.makerTokenAmount).toBe(10n * 10n ** 18n);
  expect(resolved.takerTokenAmount).toBe(12_345_679n);
  expect(resolved.priced?.exact).toBe(false);
  expect(resolved.priced?.signedPrice).toEqual({ numerator: 12_345_679n, denominator: 10_000_000n });
});

test('a price quoted in the maker token and the amount got make the amount given, rounded down', () => {
  // 3 USDC wanted at 0.7 ZRX per USDC: 2.1 ZRX given.
  const resolved = resolveMakeAmounts(
    byPrice({ takerAmount: '3', amountSide: 'taker', price: '0.7', priceQuote: 'maker' }),
    ZRX,
    USDC,
  );
  expect(resolved).toMatchObject({ makerTokenAmount: 21n * 10n ** 17n, takerTokenAmount: 3_000_000n });
  expect(resolved.priced?.exact).toBe(true);
});

test('says under the amount when the price leaves less than one base unit', () => {
  const resolved = resolveMakeAmounts(
    byPrice({
      takerAmount: '0.000001',
      amountSide: 'taker',
      price: '1000000000000000000000000',
      priceQuote: 'taker',
    }),
    USDC,
    ZRX,
  );
  expect(resolved.errors.takerAmount).toBe(
    'At this price that is less than one base unit of USDC: enter a larger amount',
  );
  expect(resolved.makerTokenAmount).toBeUndefined();
});

test('the price field has its own message', () => {
  expect(resolveMakeAmounts(byPrice({ makerAmount: '1', price: 'cheap' }), ZRX, WETH).errors).toEqual({
    price: 'Enter a plain number such as 0.05',
  });
});
