import { describe, expect, test } from 'vitest';
import { WETH, ZRX } from '../test/fixtures';
import { checkFunds, requiredTakerFunds } from './requiredTakerFunds';

describe('requiredTakerFunds', () => {
  test('needs the taker token, and ZRX for a taker fee', () => {
    expect(requiredTakerFunds(WETH.address, 10n, 2n, ZRX.address)).toEqual([
      { token: WETH.address, amount: 10n },
      { token: ZRX.address, amount: 2n },
    ]);
    expect(requiredTakerFunds(WETH.address, 10n, 0n, ZRX.address)).toEqual([
      { token: WETH.address, amount: 10n },
    ]);
  });

  test('combines amount and fee when the taker token is ZRX', () => {
    expect(requiredTakerFunds(ZRX.address, 250n, 5n, ZRX.address)).toEqual([
      { token: ZRX.address, amount: 255n },
    ]);
  });
});

describe('checkFunds', () => {
  const needs = requiredTakerFunds(WETH.address, 10n, 2n, ZRX.address);
  const funds =
    (weth: { balance: bigint; allowance: bigint }, zrx = { balance: 5n, allowance: 5n }) =>
    (token: string) =>
      token === WETH.address ? weth : zrx;

  test('is ok with enough balance and allowance', () => {
    expect(checkFunds(needs, funds({ balance: 10n, allowance: 10n }))).toEqual({ status: 'ok' });
  });

  test('asks for approval when an allowance is short', () => {
    expect(checkFunds(needs, funds({ balance: 10n, allowance: 9n }))).toEqual({
      status: 'allowance',
      token: WETH.address,
      required: 10n,
    });
    expect(
      checkFunds(needs, funds({ balance: 10n, allowance: 10n }, { balance: 5n, allowance: 1n })),
    ).toMatchObject({
      status: 'allowance',
      token: ZRX.address,
    });
  });

  test('reports a short balance first, since approving would not help', () => {
    expect(checkFunds(needs, funds({ balance: 9n, allowance: 0n }))).toEqual({
      status: 'balance',
      token: WETH.address,
      required: 10n,
      balance: 9n,
    });
  });

  test('waits while a balance is unknown', () => {
    expect(checkFunds(needs, () => undefined)).toEqual({ status: 'loading' });
  });
});
