import dayjs from 'dayjs';
import { describe, expect, test } from 'vitest';
import { byAddress, USDC, WBTC, WETH, ZRX } from '../test/fixtures';
import { initialMakeOrderValues, validateMakeOrder } from './validateMakeOrder';

const now = dayjs('2030-01-01T12:00:00');
const values = (overrides = {}) => ({
  ...initialMakeOrderValues({ makerTokenAddress: ZRX.address, takerTokenAddress: WETH.address }, now),
  makerAmount: '1',
  takerAmount: '0.2',
  ...overrides,
});

describe('validateMakeOrder', () => {
  test('defaults expire at one hour ahead on the next day', () => {
    const initial = initialMakeOrderValues(undefined, now);
    expect(initial.expirationDate?.format('YYYY-MM-DD')).toBe('2030-01-02');
    expect(initial.expirationTime?.format('HH:mm')).toBe('13:00');
    expect(initial).toMatchObject({
      makerTokenAddress: '',
      takerTokenAddress: '',
      makerAmount: '',
      takerAmount: '',
    });
  });

  test('requires both token addresses', () => {
    const result = validateMakeOrder(
      values({ makerTokenAddress: '', takerTokenAddress: '' }),
      byAddress,
      now,
    );
    expect(result.ok).toBe(false);
    expect(result.errors).toMatchObject({
      makerTokenAddress: 'This field is required',
      takerTokenAddress: 'This field is required',
    });
  });

  test('refuses zero and empty amounts with "Amount can\'t be 0"', () => {
    const result = validateMakeOrder(values({ makerAmount: '0', takerAmount: '' }), byAddress, now);
    expect(result.errors).toEqual({ makerAmount: "Amount can't be 0", takerAmount: "Amount can't be 0" });
  });

  test('refuses more decimals than the token has', () => {
    const result = validateMakeOrder(
      values({ makerTokenAddress: USDC.address, makerAmount: '1.1234567' }),
      byAddress,
      now,
    );
    expect(result.errors.makerAmount).toBe('USDC allows at most 6 decimal places');
  });

  test('refuses an expiry in the past', () => {
    const result = validateMakeOrder(
      values({ expirationDate: now.startOf('day'), expirationTime: now.subtract(1, 'minute') }),
      byAddress,
      now,
    );
    expect(result.errors).toEqual({ expirationTime: 'The expiry must be in the future' });
  });

  test('refuses the same token on both sides', () => {
    const result = validateMakeOrder(values({ takerTokenAddress: ZRX.address }), byAddress, now);
    expect(result.errors.takerTokenAddress).toBe('Choose two different tokens');
  });

  test('converts human amounts with each token’s decimals and reads the expiry as unix seconds', () => {
    const result = validateMakeOrder(
      values({
        makerTokenAddress: WBTC.address,
        makerAmount: '0.5',
        takerTokenAddress: USDC.address,
        takerAmount: '30000.25',
      }),
      byAddress,
      now,
    );
    expect(result).toMatchObject({
      ok: true,
      input: {
        makerTokenAddress: WBTC.address,
        takerTokenAddress: USDC.address,
        makerTokenAmount: 50_000_000n,
        takerTokenAmount: 30_000_250_000n,
        expirationUnixTimestampSec: BigInt(dayjs('2030-01-02T13:00:00').unix()),
      },
    });
  });
});
