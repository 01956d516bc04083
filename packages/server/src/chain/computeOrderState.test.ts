import { DEV_ACCOUNTS, NULL_ADDRESS, type Order } from '@relayer/protocol';
import { describe, expect, test } from 'vitest';
import { computeOrderState, isExpired } from './computeOrderState.js';
import type { OrderChainState } from './createChainReader.js';

const ZRX = '0x1d7022f5b17d2f8b695918fb48fa1089c9f85401';
const WETH = '0x871dd7c2b4b25e1aa18728e9d5f2af4c4e431f5c';
const REP = '0x07f96aa816c1f244cbc6ef114bb2b023ba54a2eb';
const FEE_RECIPIENT = DEV_ACCOUNTS[2];
const E18 = 10n ** 18n;
const NOW = 1_700_000_000;

function order(overrides: Partial<Order> = {}): Order {
  return {
    exchangeContractAddress: '0x48bacb9266a570d521063ef5dd96e61686dbe788',
    maker: DEV_ACCOUNTS[0],
    taker: NULL_ADDRESS,
    makerTokenAddress: REP,
    takerTokenAddress: WETH,
    feeRecipient: NULL_ADDRESS,
    makerTokenAmount: (10n * E18).toString(),
    takerTokenAmount: (2n * E18).toString(),
    makerFee: '0',
    takerFee: '0',
    expirationUnixTimestampSec: String(NOW + 3600),
    salt: '1',
    ...overrides,
  };
}

function chain(overrides: Partial<OrderChainState> = {}): OrderChainState {
  return {
    filledTakerTokenAmount: 0n,
    cancelledTakerTokenAmount: 0n,
    makerBalance: 100n * E18,
    makerAllowance: 100n * E18,
    makerZrxBalance: 0n,
    makerZrxAllowance: 0n,
    blockNumber: 1n,
    zrxAddress: ZRX,
    ...overrides,
  };
}

const feeOrder = (o: Partial<Order> = {}) =>
  order({ feeRecipient: FEE_RECIPIENT, makerFee: E18.toString(), ...o });

describe('computeOrderState', () => {
  test('a funded, untouched order is open with everything fillable', () => {
    expect(computeOrderState(order(), chain(), NOW, 60)).toEqual({
      state: 'open',
      reason: null,
      remainingTakerTokenAmount: 2n * E18,
      remainingMakerTokenAmount: 10n * E18,
      fillableTakerTokenAmount: 2n * E18,
      fillableMakerTokenAmount: 10n * E18,
    });
  });

  test('a partial fill leaves the order open with the rest remaining', () => {
    const result = computeOrderState(order(), chain({ filledTakerTokenAmount: E18 / 2n }), NOW, 60);
    expect(result.state).toBe('open');
    expect(result.remainingTakerTokenAmount).toBe((3n * E18) / 2n);
    expect(result.remainingMakerTokenAmount).toBe((15n * E18) / 2n);
    expect(result.fillableTakerTokenAmount).toBe((3n * E18) / 2n);
  });

  test('a fully filled order is filled, with nothing remaining', () => {
    const result = computeOrderState(order(), chain({ filledTakerTokenAmount: 2n * E18 }), NOW, 60);
    expect(result).toMatchObject({ state: 'filled', reason: 'ORDER_REMAINING_FILL_AMOUNT_ZERO' });
    expect(result.remainingTakerTokenAmount).toBe(0n);
    expect(result.fillableMakerTokenAmount).toBe(0n);
  });

  test('an order whose remainder was cancelled is cancelled, even when partly filled before', () => {
    expect(computeOrderState(order(), chain({ cancelledTakerTokenAmount: 2n * E18 }), NOW, 60).state).toBe(
      'cancelled',
    );
    const mixed = chain({ filledTakerTokenAmount: (3n * E18) / 2n, cancelledTakerTokenAmount: E18 / 2n });
    expect(computeOrderState(order(), mixed, NOW, 60).state).toBe('cancelled');
  });

  test('a partly cancelled order with a remainder stays open', () => {
    const result = computeOrderState(order(), chain({ cancelledTakerTokenAmount: E18 }), NOW, 60);
    expect(result.state).toBe('open');
    expect(result.remainingTakerTokenAmount).toBe(E18);
  });

  test('an order is expired once now + margin reaches its expiration, not a second before', () => {
    const expiration = String(NOW + 60);
    expect(
      computeOrderState(order({ expirationUnixTimestampSec: expiration }), chain(), NOW, 60),
    ).toMatchObject({
      state: 'expired',
      reason: 'ORDER_FILL_EXPIRED',
    });
    expect(
      computeOrderState(order({ expirationUnixTimestampSec: expiration }), chain(), NOW - 1, 60).state,
    ).toBe('open');
    expect(computeOrderState(order({ expirationUnixTimestampSec: String(NOW) }), chain(), NOW, 0).state).toBe(
      'expired',
    );
  });

  test('filled and cancelled win over expired', () => {
    const past = order({ expirationUnixTimestampSec: String(NOW - 10) });
    expect(computeOrderState(past, chain({ filledTakerTokenAmount: 2n * E18 }), NOW, 0).state).toBe('filled');
    expect(computeOrderState(past, chain({ cancelledTakerTokenAmount: 2n * E18 }), NOW, 0).state).toBe(
      'cancelled',
    );
  });

  test('isExpired handles expirations far beyond 2^53', () => {
    expect(isExpired((2n ** 255n).toString(), NOW, 60)).toBe(false);
    expect(isExpired('0', NOW, 0)).toBe(true);
  });

  test('a maker without the maker token is unfunded for lack of balance', () => {
    const result = computeOrderState(order(), chain({ makerBalance: 0n }), NOW, 60);
    expect(result).toMatchObject({
      state: 'unfunded',
      reason: 'INSUFFICIENT_MAKER_BALANCE',
      fillableTakerTokenAmount: 0n,
    });
    expect(result.remainingTakerTokenAmount).toBe(2n * E18);
  });

  test('a maker who revoked the proxy allowance is unfunded for lack of allowance', () => {
    expect(computeOrderState(order(), chain({ makerAllowance: 0n }), NOW, 60)).toMatchObject({
      state: 'unfunded',
      reason: 'INSUFFICIENT_MAKER_ALLOWANCE',
    });
  });

  test('a partly funded maker keeps the order open with a reduced fillable amount', () => {
    const result = computeOrderState(order(), chain({ makerBalance: 5n * E18 }), NOW, 60);
    expect(result.state).toBe('open');
    expect(result.fillableTakerTokenAmount).toBe(E18);
    expect(result.fillableMakerTokenAmount).toBe(5n * E18);
    expect(result.remainingTakerTokenAmount).toBe(2n * E18);
  });

  test('funds below the smallest fill leave nothing fillable: unfunded, naming the short side', () => {
    // 1 taker unit needs 5 maker units.
    expect(computeOrderState(order(), chain({ makerBalance: 4n }), NOW, 60)).toMatchObject({
      state: 'unfunded',
      reason: 'INSUFFICIENT_MAKER_BALANCE',
    });
    expect(computeOrderState(order(), chain({ makerAllowance: 4n }), NOW, 60)).toMatchObject({
      state: 'unfunded',
      reason: 'INSUFFICIENT_MAKER_ALLOWANCE',
    });
  });

  test('an order charging a maker fee needs the maker to hold and approve ZRX', () => {
    const funded = { makerZrxBalance: 10n * E18, makerZrxAllowance: 10n * E18 };
    expect(computeOrderState(feeOrder(), chain(funded), NOW, 60).state).toBe('open');
    expect(computeOrderState(feeOrder(), chain({ ...funded, makerZrxBalance: 0n }), NOW, 60)).toMatchObject({
      state: 'unfunded',
      reason: 'INSUFFICIENT_MAKER_FEE_BALANCE',
    });
    expect(computeOrderState(feeOrder(), chain({ ...funded, makerZrxAllowance: 0n }), NOW, 60)).toMatchObject(
      {
        state: 'unfunded',
        reason: 'INSUFFICIENT_MAKER_FEE_ALLOWANCE',
      },
    );
  });

  test('ZRX short of the fee for even the smallest fill makes the order unfunded for the fee', () => {
    // The fee for 1 taker unit is floor(1e18 * 1 / 2e18) = 0, so only larger fills need ZRX: fillable is capped.
    const capped = computeOrderState(
      feeOrder(),
      chain({ makerZrxBalance: E18 / 2n, makerZrxAllowance: E18 }),
      NOW,
      60,
    );
    expect(capped.state).toBe('open');
    expect(capped.fillableTakerTokenAmount).toBe(E18 + 1n);
    // With a fee of 4 ZRX units per taker unit, 3 units of ZRX cannot pay for any fill.
    const steep = feeOrder({ makerFee: (8n * E18).toString() });
    expect(
      computeOrderState(steep, chain({ makerZrxBalance: 3n, makerZrxAllowance: E18 }), NOW, 60),
    ).toMatchObject({
      state: 'unfunded',
      reason: 'INSUFFICIENT_MAKER_FEE_BALANCE',
    });
  });

  test('a maker fee is ignored without a fee recipient, as the contract charges none', () => {
    const noRecipient = order({ makerFee: E18.toString() });
    expect(computeOrderState(noRecipient, chain(), NOW, 60)).toMatchObject({
      state: 'open',
      fillableTakerTokenAmount: 2n * E18,
    });
  });

  test('with ZRX as the maker token, amount and fee come out of one pool', () => {
    const zrxOrder = feeOrder({ makerTokenAddress: ZRX, makerTokenAmount: (10n * E18).toString() });
    // 10 ZRX + 1 ZRX fee for the whole order; 5.5 ZRX pays for half of it.
    const half = computeOrderState(
      zrxOrder,
      chain({ makerBalance: (11n * E18) / 2n, makerZrxBalance: 0n }),
      NOW,
      60,
    );
    expect(half.state).toBe('open');
    expect(half.fillableTakerTokenAmount).toBe(E18);
    expect(half.fillableMakerTokenAmount).toBe(5n * E18);
    const full = computeOrderState(zrxOrder, chain({ makerBalance: 11n * E18 }), NOW, 60);
    expect(full.fillableTakerTokenAmount).toBe(2n * E18);
    expect(computeOrderState(zrxOrder, chain({ makerBalance: 4n }), NOW, 60)).toMatchObject({
      state: 'unfunded',
      reason: 'INSUFFICIENT_MAKER_BALANCE',
    });
  });

  test('a fillable remainder below 0x.js rounding tolerance is unfunded (PROTOCOL.md §10.2 heuristic)', () => {
    // makerTokenAmount 1001, takerTokenAmount 3: fillable 3 < 3 × 10000 / 1001 ≈ 29.97.
    const tiny = order({ makerTokenAmount: '1001', takerTokenAmount: '3' });
    expect(computeOrderState(tiny, chain(), NOW, 60)).toMatchObject({
      state: 'unfunded',
      reason: 'ORDER_FILL_ROUNDING_ERROR',
    });
    // Threshold for 10e18 / 2e18 is 2e18 × 10000 / 10e18 = 2000 taker units: 2000 passes, 1999 does not.
    expect(computeOrderState(order(), chain({ makerBalance: 10_000n }), NOW, 60).state).toBe('open');
    expect(computeOrderState(order(), chain({ makerBalance: 9_995n }), NOW, 60)).toMatchObject({
      state: 'unfunded',
      reason: 'ORDER_FILL_ROUNDING_ERROR',
    });
  });
});
