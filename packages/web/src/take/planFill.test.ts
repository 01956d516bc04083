import { describe, expect, test } from 'vitest';
import { FEE_RECIPIENT, orderRecord, USDC, WETH, ZRX } from '../test/fixtures';
import { defaultFillInput, maxFillTakerAmount, planFill } from './planFill';

describe('planFill', () => {
  test('defaults to, and is capped at, the remaining fillable amount', () => {
    const order = orderRecord({
      remainingTakerTokenAmount: '150000000000000000',
      fillableTakerTokenAmount: '120000000000000000',
    });
    expect(maxFillTakerAmount(order)).toBe(120_000_000_000_000_000n);
    expect(defaultFillInput(order, WETH)).toBe('0.12');
    expect(planFill(order, '0.12', WETH)).toMatchObject({
      ok: true,
      fillTakerAmount: 120_000_000_000_000_000n,
    });
    expect(planFill(order, '0.13', WETH)).toEqual({ ok: false, error: 'At most 0.12 WETH can be filled' });
  });

  test('computes the received amount with the contract’s floor, exactly', () => {
    // 1 ZRX for 3 USDC; 1 USDC buys floor(1e6 × 1e18 / 3e6) base units of ZRX.
    const order = orderRecord({ takerTokenAddress: USDC.address, takerTokenAmount: '3000000' });
    expect(planFill(order, '1', USDC)).toEqual({
      ok: true,
      fillTakerAmount: 1_000_000n,
      receivedMakerAmount: 333_333_333_333_333_333n,
      paidTakerFee: 0n,
    });
  });

  test('charges the pro-rata taker fee only with a fee recipient', () => {
    // PROTOCOL.md §4.4 worked example: 0.5 WETH for 1000 ZRX, taker fee 2 ZRX, fill 250 ZRX.
    const fees = {
      makerTokenAddress: WETH.address,
      makerTokenAmount: '500000000000000000',
      takerTokenAddress: ZRX.address,
      takerTokenAmount: '1000000000000000000000',
      makerFee: '1000000000000000000',
      takerFee: '2000000000000000000',
    } as const;
    const withRecipient = orderRecord({
      ...fees,
      feeRecipient: FEE_RECIPIENT,
    });
    expect(planFill(withRecipient, '250', ZRX)).toEqual({
      ok: true,
      fillTakerAmount: 250_000_000_000_000_000_000n,
      receivedMakerAmount: 125_000_000_000_000_000n,
      paidTakerFee: 500_000_000_000_000_000n,
    });
    expect(planFill(orderRecord(fees), '250', ZRX)).toMatchObject({ paidTakerFee: 0n });
  });

  test('refuses an amount the contract would reject for rounding (> 0.1%)', () => {
    // PROTOCOL.md §4.3: 1001 for 3; filling 1 of 3 rounds 333.67 to 333.
    const whole = { symbol: 'WHL', decimals: 0 };
    const order = orderRecord({ makerTokenAmount: '1001', takerTokenAmount: '3' });
    expect(planFill(order, '1', whole)).toMatchObject({ ok: false, error: expect.stringMatching(/0\.1%/) });
    expect(planFill(order, '3', whole)).toMatchObject({ ok: true, receivedMakerAmount: 1001n });
  });

  test('refuses zero, too many decimals and a fully filled order', () => {
    expect(planFill(orderRecord(), '0', WETH)).toEqual({ ok: false, error: "Amount can't be 0" });
    expect(
      planFill(
        orderRecord({ takerTokenAddress: USDC.address, takerTokenAmount: '1000000' }),
        '0.0000001',
        USDC,
      ),
    ).toEqual({
      ok: false,
      error: 'USDC allows at most 6 decimal places',
    });
    const done = orderRecord({ remainingTakerTokenAmount: '0', fillableTakerTokenAmount: '0' });
    expect(planFill(done, '1', WETH)).toEqual({ ok: false, error: 'Nothing is left to fill in this order' });
  });
});
