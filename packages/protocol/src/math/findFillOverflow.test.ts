import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { MAX_UINT256 } from '../internal/hex';
import { NULL_ADDRESS } from '../schemas/addressSchema';
import { findFillOverflow } from './findFillOverflow';
import { getFillAmounts } from './getFillAmounts';

const ZRX = `0x${'2'.repeat(40)}`;
const TOKEN = `0x${'a'.repeat(40)}`;
const OTHER = `0x${'b'.repeat(40)}`;
const FEE_RECIPIENT = `0x${'f'.repeat(40)}`;

const order = (fields: Partial<Parameters<typeof findFillOverflow>[0]> = {}) => ({
  makerTokenAmount: '1000',
  takerTokenAmount: '1000',
  makerFee: '0',
  takerFee: '0',
  feeRecipient: NULL_ADDRESS,
  makerTokenAddress: TOKEN,
  takerTokenAddress: OTHER,
  ...fields,
});

describe('findFillOverflow', () => {
  test('refuses maker 100000 for taker 2^255: a full fill overflows getPartialAmount, naming the taker amount', () => {
    const found = findFillOverflow(
      order({ makerTokenAmount: '100000', takerTokenAmount: (1n << 255n).toString() }),
      ZRX,
    );
    expect(found?.field).toBe('takerTokenAmount');
    expect(found?.reason).toMatch(/takerTokenAmount × makerTokenAmount.*v1 Exchange.*revert/);
  });

  test('names the larger factor of the product', () => {
    const found = findFillOverflow(order({ makerTokenAmount: (1n << 250n).toString() }), ZRX);
    expect(found?.field).toBe('makerTokenAmount');
  });

  test('refuses a taker amount whose rounding remainder × 1,000,000 overflows, even when M × T fits', () => {
    // M = 1, T = 2^250: M × T fits, but a fill of T - 1 leaves remainder T - 1, and (T - 1) × 10^6 > 2^256.
    const o = order({ makerTokenAmount: '1', takerTokenAmount: (1n << 250n).toString() });
    expect(findFillOverflow(o, ZRX)?.reason).toMatch(/remainder × 1,000,000/);
    expect(() => getFillAmounts(o, (1n << 250n) - 1n, 0n)).toThrow(/overflow/);
  });

  test('checks fees only when the order has a fee recipient, as the contract charges them only then', () => {
    const fees = { takerTokenAmount: (1n << 200n).toString(), makerFee: (1n << 100n).toString() };
    expect(findFillOverflow(order(fees), ZRX)).toBeUndefined();
    expect(findFillOverflow(order({ ...fees, feeRecipient: FEE_RECIPIENT }), ZRX)?.reason).toMatch(
      /makerFee/,
    );
    const takerFee = { takerTokenAmount: (1n << 200n).toString(), takerFee: (1n << 100n).toString() };
    expect(findFillOverflow(order({ ...takerFee, feeRecipient: FEE_RECIPIENT }), ZRX)?.reason).toMatch(
      /takerFee/,
    );
  });

  test("checks isTransferable's maker ZRX total only when the maker token is ZRX", () => {
    const big = { makerTokenAmount: MAX_UINT256.toString(), takerTokenAmount: '1', makerFee: '1' };
    const withFees = { ...big, feeRecipient: FEE_RECIPIENT };
    expect(findFillOverflow(order(withFees), ZRX)).toBeUndefined();
    expect(findFillOverflow(order({ ...withFees, makerTokenAddress: ZRX }), ZRX)?.reason).toMatch(
      /makerTokenAmount \+ makerFee/,
    );
  });

  // The claim that matters: an order it lets through never makes the Exchange's arithmetic revert, for
  // any fill. getFillAmounts mirrors fillOrder's SafeMath (it throws where the contract reverts).
  test('property: no fill of an order it accepts overflows; a full fill of an order it refuses for a product does', () => {
    const uint = fc.oneof(
      fc.bigInt({ min: 1n, max: 10n ** 30n }),
      fc.bigInt({ min: 1n, max: MAX_UINT256 }),
      fc.integer({ min: 1, max: 255 }).map((bits) => 1n << BigInt(bits)),
    );
    const fee = fc.oneof(fc.constant(0n), uint);
    fc.assert(
      fc.property(
        uint,
        uint,
        fee,
        fee,
        fc.boolean(),
        fc.bigInt({ min: 1n, max: MAX_UINT256 }),
        (M, T, mf, tf, fees, pick) => {
          const o = order({
            makerTokenAmount: M.toString(),
            takerTokenAmount: T.toString(),
            makerFee: mf.toString(),
            takerFee: tf.toString(),
            feeRecipient: fees ? FEE_RECIPIENT : NULL_ADDRESS,
          });
          const found = findFillOverflow(o, ZRX);
          const fills = [T, 1n, 1n + (pick % T)];
          if (found === undefined) {
            for (const f of fills) expect(() => getFillAmounts(o, f, 0n)).not.toThrow();
          } else if (/×/.test(found.reason) && !/remainder/.test(found.reason)) {
            expect(() => getFillAmounts(o, T, 0n)).toThrow(/overflow/);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});
