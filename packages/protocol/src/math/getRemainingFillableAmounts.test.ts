import { describe, expect, test } from 'vitest';
import { randomBigInt, seededRandom } from '../../test/helpers';
import { DEV_ACCOUNTS } from '../networks/devAccounts';
import { NULL_ADDRESS } from '../schemas/addressSchema';
import { getPartialAmount } from './getPartialAmount';
import { getRemainingFillableAmounts, type RemainingFillableInput } from './getRemainingFillableAmounts';

const ZRX = '0x1d7022f5b17d2f8b695918fb48fa1089c9f85401';
const TOKEN = '0x871dd7c2b4b25e1aa18728e9d5f2af4c4e431f5c';
const FEE_RECIPIENT = DEV_ACCOUNTS[2];
const PLENTY = 10n ** 30n;

/** 1000 TOKEN for 200 (5 maker units per taker unit), maker fee 10 ZRX (1 per 20 taker units). */
function input(changes: Partial<RemainingFillableInput> = {}, orderChanges = {}): RemainingFillableInput {
  return {
    order: {
      makerTokenAddress: TOKEN,
      makerTokenAmount: 1000n,
      takerTokenAmount: 200n,
      makerFee: 10n,
      takerFee: 0n,
      feeRecipient: FEE_RECIPIENT,
      ...orderChanges,
    },
    unavailableTakerAmount: 0n,
    makerBalance: PLENTY,
    makerAllowance: PLENTY,
    makerZrxBalance: PLENTY,
    makerZrxAllowance: PLENTY,
    zrxAddress: ZRX,
    ...changes,
  };
}

const amounts = (
  remainingTaker: bigint,
  remainingMaker: bigint,
  fillableTaker: bigint,
  fillableMaker: bigint,
) => ({
  remainingTakerTokenAmount: remainingTaker,
  remainingMakerTokenAmount: remainingMaker,
  fillableTakerTokenAmount: fillableTaker,
  fillableMakerTokenAmount: fillableMaker,
});

/** The amounts of the example order as `input` changes it. */
const fillable = (...args: Parameters<typeof input>) => getRemainingFillableAmounts(input(...args));

describe('getRemainingFillableAmounts', () => {
  test('a fully funded order is fillable in full', () => {
    expect(fillable()).toEqual(amounts(200n, 1000n, 200n, 1000n));
  });

  test('a partly filled or cancelled order is fillable for the rest', () => {
    expect(fillable({ unavailableTakerAmount: 50n })).toEqual(amounts(150n, 750n, 150n, 750n));
  });

  test('a fully filled order, or one over-counted by a stale read, has nothing left', () => {
    expect(fillable({ unavailableTakerAmount: 200n })).toEqual(amounts(0n, 0n, 0n, 0n));
    expect(fillable({ unavailableTakerAmount: 201n })).toEqual(amounts(0n, 0n, 0n, 0n));
  });

  test('the maker’s token balance caps the fillable amount', () => {
    // 5 maker units per taker unit: 500 covers 100 taker units.
    expect(fillable({ makerBalance: 500n })).toEqual(amounts(200n, 1000n, 100n, 500n));
  });

  test('the smaller of balance and allowance counts, in whole taker units', () => {
    // 333 covers 66 taker units (330 maker units); 67 would need 335.
    expect(fillable({ makerAllowance: 333n })).toEqual(amounts(200n, 1000n, 66n, 330n));
  });

  test('the maker’s ZRX balance caps the fillable amount through the fee', () => {
    // fee(t) = floor(t × 10 / 200): 79 → 3 ZRX, 80 → 4.
    expect(fillable({ makerZrxBalance: 3n })).toEqual(amounts(200n, 1000n, 79n, 395n));
  });

  test('without ZRX allowance only fills small enough to floor the fee to 0 pass, as on chain', () => {
    expect(fillable({ makerZrxAllowance: 0n })).toEqual(amounts(200n, 1000n, 19n, 95n));
  });

  test('fees are ignored without a fee recipient, as the contract charges none', () => {
    const result = fillable({ makerZrxBalance: 0n }, { feeRecipient: NULL_ADDRESS });
    expect(result).toEqual(amounts(200n, 1000n, 200n, 1000n));
  });

  test('a zero maker fee needs no ZRX', () => {
    expect(fillable({ makerZrxBalance: 0n }, { makerFee: 0n })).toEqual(amounts(200n, 1000n, 200n, 1000n));
  });

  describe('with ZRX as the maker token', () => {
    const zrxOrder = { makerTokenAddress: ZRX, makerFee: 100n };

    test('the trade and the fee share one ZRX pool', () => {
      // t = 100: 500 + 50 = 550 fits; t = 101: 505 + 50 = 555 does not.
      const result = fillable({ makerBalance: 550n, makerZrxBalance: 0n }, zrxOrder);
      expect(result).toEqual(amounts(200n, 1000n, 100n, 500n));
    });

    test('the full order needs amount plus fee', () => {
      expect(fillable({ makerBalance: 1100n }, zrxOrder)).toEqual(amounts(200n, 1000n, 200n, 1000n));
      // 1099: t = 199 needs 995 + 99 = 1094; t = 200 needs 1100.
      expect(fillable({ makerAllowance: 1099n }, zrxOrder)).toEqual(amounts(200n, 1000n, 199n, 995n));
    });

    test('without a fee recipient only the amount counts', () => {
      const result = fillable({ makerBalance: 550n }, { ...zrxOrder, feeRecipient: NULL_ADDRESS });
      expect(result).toEqual(amounts(200n, 1000n, 110n, 550n));
    });

    test('recognises ZRX whatever the address case', () => {
      const result = fillable(
        { makerBalance: 550n, zrxAddress: '0x1D7022f5B17d2F8B695918FB48fa1089C9f85401' },
        zrxOrder,
      );
      expect(result.fillableTakerTokenAmount).toBe(100n);
    });
  });

  test('a maker without funds can fill nothing', () => {
    expect(fillable({ makerBalance: 0n })).toEqual(amounts(200n, 1000n, 0n, 0n));
  });

  test('an order with a zero amount has nothing to fill', () => {
    expect(fillable({}, { makerTokenAmount: 0n })).toEqual(amounts(0n, 0n, 0n, 0n));
    expect(fillable({}, { takerTokenAmount: '0' })).toEqual(amounts(0n, 0n, 0n, 0n));
  });

  test('accepts the order’s wire strings', () => {
    const result = fillable(
      { unavailableTakerAmount: '50' },
      { makerTokenAmount: '1000', takerTokenAmount: '200', makerFee: '10' },
    );
    expect(result).toEqual(amounts(150n, 750n, 150n, 750n));
  });

  test('matches a brute-force search of the contract’s maker-side transfer check on random orders', () => {
    const random = seededRandom(42);
    for (let i = 0; i < 300; i++) {
      const makerTokenIsZrx = random() < 0.5;
      const withFee = random() < 0.7;
      const takerTokenAmount = 1n + randomBigInt(random, 7);
      const makerTokenAmount = 1n + randomBigInt(random, 12);
      const makerFee = randomBigInt(random, 10);
      const makerFunds = randomBigInt(random, 12);
      const zrxFunds = randomBigInt(random, 10);
      const unavailable = randomBigInt(random, 7);
      const subject = input(
        { makerBalance: makerFunds, makerZrxBalance: zrxFunds, unavailableTakerAmount: unavailable },
        {
          makerTokenAddress: makerTokenIsZrx ? ZRX : TOKEN,
          makerTokenAmount,
          takerTokenAmount,
          makerFee,
          feeRecipient: withFee ? FEE_RECIPIENT : NULL_ADDRESS,
        },
      );
      // Independent restatement of PROTOCOL.md §4.5 for the maker, using the contract's getPartialAmount.
      const transferable = (t: bigint) => {
        const fillMaker = getPartialAmount(t, takerTokenAmount, makerTokenAmount);
        const fee = withFee ? getPartialAmount(t, takerTokenAmount, makerFee) : 0n;
        if (makerTokenIsZrx) return fillMaker + fee <= makerFunds;
        return fillMaker <= makerFunds && fee <= zrxFunds;
      };
      const remaining = takerTokenAmount > unavailable ? takerTokenAmount - unavailable : 0n;
      let best = 0n;
      for (let t = 0n; t <= remaining; t++) if (transferable(t)) best = t;
      const result = getRemainingFillableAmounts(subject);
      expect(result.fillableTakerTokenAmount).toBe(best);
      expect(result.fillableMakerTokenAmount).toBe(
        getPartialAmount(best, takerTokenAmount, makerTokenAmount),
      );
      expect(result.remainingTakerTokenAmount).toBe(remaining);
    }
  });
});
