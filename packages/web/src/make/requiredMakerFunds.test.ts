import { expect, test } from 'vitest';
import { WETH, ZRX } from '../test/fixtures';
import { requiredMakerFunds } from './requiredMakerFunds';

test('the maker token, plus ZRX for a maker fee; one ZRX amount when the maker sells ZRX', () => {
  expect(requiredMakerFunds(WETH.address, 5n, 0n, ZRX.address)).toEqual([
    { token: WETH.address, amount: 5n },
  ]);
  expect(requiredMakerFunds(WETH.address, 5n, 2n, ZRX.address)).toEqual([
    { token: WETH.address, amount: 5n },
    { token: ZRX.address, amount: 2n },
  ]);
  expect(requiredMakerFunds(ZRX.address, 5n, 2n, ZRX.address)).toEqual([{ token: ZRX.address, amount: 7n }]);
});
