import { describe, expect, test } from 'vitest';
import { MAKER, orderRecord, ZRX } from '../../test/fixtures';
import { orderStatus } from './orderStatus';

const NOW = 1_900_000_000n;
const E18 = 10n ** 18n;
const order = (overrides: Parameters<typeof orderRecord>[0] = {}) =>
  orderRecord({
    maker: MAKER,
    makerTokenAmount: (10n * E18).toString(),
    takerTokenAmount: (2n * E18).toString(),
    ...overrides,
  });

describe('orderStatus', () => {
  test('open, partly filled with its share, and cancellable while something is left', () => {
    expect(orderStatus(order(), NOW)).toMatchObject({
      label: 'Open',
      tone: 'success',
      cancellable: true,
      missing: [],
    });
    const partly = order({
      filledTakerTokenAmount: (E18 / 2n).toString(),
      remainingTakerTokenAmount: ((3n * E18) / 2n).toString(),
      fillableTakerTokenAmount: ((3n * E18) / 2n).toString(),
    });
    expect(orderStatus(partly, NOW)).toMatchObject({
      label: 'Partly filled 25%',
      filledPercent: '25',
      cancellable: true,
    });
  });

  test('an unfunded order says why and what the maker lacks, and can still be cancelled', () => {
    const unfunded = order({
      state: 'unfunded',
      reason: 'INSUFFICIENT_MAKER_BALANCE',
      fillableTakerTokenAmount: '0',
      shortfalls: [
        {
          token: ZRX.address,
          kind: 'balance',
          covers: 'amount',
          required: (10n * E18).toString(),
          available: E18.toString(),
        },
        { token: ZRX.address, kind: 'allowance', covers: 'amount', required: '5', available: '5' },
      ],
    });
    const status = orderStatus(unfunded, NOW);
    expect(status).toMatchObject({ label: 'Maker unfunded', tone: 'warning', cancellable: true });
    expect(status.detail).toContain("The maker's token balance is too low");
    // Only what is short: a covered allowance is not listed.
    expect(status.missing).toEqual([expect.objectContaining({ kind: 'balance', missing: 9n * E18 })]);
  });

  test('finished orders cannot be cancelled; their share filled is kept', () => {
    const done = {
      remainingTakerTokenAmount: '0',
      remainingMakerTokenAmount: '0',
      fillableTakerTokenAmount: '0',
    };
    expect(
      orderStatus(order({ state: 'filled', ...done, filledTakerTokenAmount: (2n * E18).toString() }), NOW),
    ).toMatchObject({
      label: 'Filled',
      cancellable: false,
    });
    expect(
      orderStatus(order({ state: 'cancelled', ...done, filledTakerTokenAmount: (E18 / 2n).toString() }), NOW),
    ).toMatchObject({ label: 'Cancelled (25% filled)', cancellable: false });
    expect(orderStatus(order({ state: 'expired' }), NOW)).toMatchObject({
      label: 'Expired',
      cancellable: false,
    });
  });

  test('an open order past its expiry by the chain’s clock reads expired: the Exchange refuses its cancel', () => {
    const late = order({ expirationUnixTimestampSec: (NOW - 1n).toString() });
    expect(orderStatus(late, NOW)).toMatchObject({ label: 'Expired', cancellable: false });
    expect(orderStatus(late, NOW - 2n)).toMatchObject({ label: 'Open', cancellable: true });
  });
});
