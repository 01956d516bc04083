import { describe, expect, test } from 'vitest';
import { WETH, ZRX } from '../test/fixtures';
import { requiredTakerFunds } from './requiredTakerFunds';

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
