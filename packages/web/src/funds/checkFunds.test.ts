import { describe, expect, test } from 'vitest';
import { WETH, ZRX } from '../test/fixtures';
import { checkFunds } from './checkFunds';

describe('checkFunds', () => {
  const needs = [
    { token: WETH.address, amount: 10n },
    { token: ZRX.address, amount: 2n },
  ];
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
