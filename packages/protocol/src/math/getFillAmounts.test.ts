import { describe, expect, test } from 'vitest';
import { expectRelayerError } from '../../test/helpers';
import { DEV_ACCOUNTS } from '../networks/devAccounts';
import { NULL_ADDRESS } from '../schemas/addressSchema';
import { vectors } from '../vectors/vectors';
import { getFillAmounts } from './getFillAmounts';

const orderB = vectors.orderB.signedOrder;
const E18 = 10n ** 18n;
const FEE_RECIPIENT = DEV_ACCOUNTS[2];

describe('getFillAmounts', () => {
  test('reproduces the worked partial fill of vector B', () => {
    const { partialFill } = vectors.orderB;
    expect(getFillAmounts(orderB, partialFill.fillTakerTokenAmount, 0n)).toEqual({
      filledTakerTokenAmount: partialFill.fillTakerTokenAmount,
      filledMakerTokenAmount: partialFill.filledMakerTokenAmount,
      paidMakerFee: partialFill.paidMakerFee,
      paidTakerFee: partialFill.paidTakerFee,
    });
    // The taker of B pays ZRX twice: as the taker token and as the fee.
    expect(partialFill.fillTakerTokenAmount + partialFill.paidTakerFee).toBe(partialFill.takerZrxRequired);
  });

  test('fills only the remainder when asked for more', () => {
    // 400 of 1000 ZRX gone: 600 remain, worth 0.3 WETH, fees 0.6 and 1.2 ZRX.
    expect(getFillAmounts(orderB, 2000n * E18, 400n * E18)).toEqual({
      filledTakerTokenAmount: 600n * E18,
      filledMakerTokenAmount: 3n * 10n ** 17n,
      paidMakerFee: 6n * 10n ** 17n,
      paidTakerFee: 12n * 10n ** 17n,
    });
  });

  test('reports ORDER_FULLY_FILLED_OR_CANCELLED and moves nothing when nothing remains', () => {
    for (const unavailable of [1000n * E18, 1001n * E18]) {
      expect(getFillAmounts(orderB, 1n, unavailable)).toEqual({
        filledTakerTokenAmount: 0n,
        filledMakerTokenAmount: 0n,
        paidMakerFee: 0n,
        paidTakerFee: 0n,
        error: 'ORDER_FULLY_FILLED_OR_CANCELLED',
      });
    }
  });

  test('lets the unfillable order fill 2 and then refuses the last 1 with ROUNDING_ERROR_TOO_LARGE', () => {
    const { makerTokenAmount, takerTokenAmount, firstFill, secondFill } = vectors.unfillableOrder;
    const order = {
      makerTokenAmount,
      takerTokenAmount,
      makerFee: 0n,
      takerFee: 0n,
      feeRecipient: NULL_ADDRESS,
    };
    expect(getFillAmounts(order, firstFill.fillTakerTokenAmount, 0n)).toMatchObject({
      filledTakerTokenAmount: firstFill.filledTakerTokenAmount,
      filledMakerTokenAmount: firstFill.filledMakerTokenAmount,
    });
    expect(getFillAmounts(order, secondFill.fillTakerTokenAmount, 2n)).toEqual({
      filledTakerTokenAmount: 0n,
      filledMakerTokenAmount: 0n,
      paidMakerFee: 0n,
      paidTakerFee: 0n,
      error: 'ROUNDING_ERROR_TOO_LARGE',
    });
    // Asking for more is clipped to the 1 remaining first, then refused the same way.
    expect(getFillAmounts(order, 3n, 2n).error).toBe('ROUNDING_ERROR_TOO_LARGE');
  });

  test('charges no fees without a fee recipient, whatever the fee fields say', () => {
    expect(getFillAmounts({ ...orderB, feeRecipient: NULL_ADDRESS }, 250n * E18, 0n)).toMatchObject({
      paidMakerFee: 0n,
      paidTakerFee: 0n,
      filledMakerTokenAmount: 125n * 10n ** 15n,
    });
  });

  test('floors fees pro rata without a rounding check', () => {
    // 3000 for 3, fill 1: maker amount exact (1000); fees 10/3 → 3 and 5/3 → 1.
    const order = {
      makerTokenAmount: 3000n,
      takerTokenAmount: 3n,
      makerFee: 10n,
      takerFee: 5n,
      feeRecipient: FEE_RECIPIENT,
    };
    expect(getFillAmounts(order, 1n, 0n)).toEqual({
      filledTakerTokenAmount: 1n,
      filledMakerTokenAmount: 1000n,
      paidMakerFee: 3n,
      paidTakerFee: 1n,
    });
  });

  test('charges only the non-zero fee', () => {
    const order = { ...orderB, makerFee: '0' };
    expect(getFillAmounts(order, 250n * E18, 0n)).toMatchObject({
      paidMakerFee: 0n,
      paidTakerFee: 5n * 10n ** 17n,
    });
  });

  test('throws where the contract reverts: zero order amounts or a zero fill', () => {
    expectRelayerError(
      () => getFillAmounts({ ...orderB, makerTokenAmount: '0' }, 1n, 0n),
      'ORDER_AMOUNT_ZERO',
    );
    expectRelayerError(
      () => getFillAmounts({ ...orderB, takerTokenAmount: '0' }, 1n, 0n),
      'ORDER_AMOUNT_ZERO',
    );
    expectRelayerError(() => getFillAmounts(orderB, 0n, 0n), 'ORDER_FILL_AMOUNT_ZERO');
  });

  test('throws when the maker amount overflows uint256, where SafeMath reverts', () => {
    const order = {
      makerTokenAmount: 1n << 255n,
      takerTokenAmount: 4n,
      makerFee: 0n,
      takerFee: 0n,
      feeRecipient: NULL_ADDRESS,
    };
    expect(() => getFillAmounts(order, 2n, 0n)).toThrow(/overflow/);
  });
});
