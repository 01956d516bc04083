import { expect } from '@playwright/test';
import type { ChainHelper, OrderSpec } from './ChainHelper.ts';

/**
 * Reads an order's maker's and taker's balances in its two tokens before a take, so that
 * `expectMoved` can check afterwards that the take moved exactly the given amounts between them:
 * `sold` of the maker's token to the taker, `bought` of the taker's token to the maker.
 */
export async function watchFill(chain: ChainHelper, spec: OrderSpec, takerAccount: number) {
  const [makerToken, takerToken] = [spec.sell[1], spec.buy[1]];
  const maker = chain.address(spec.maker);
  const taker = chain.address(takerAccount);
  const before = {
    maker: await chain.balances(maker, [makerToken, takerToken]),
    taker: await chain.balances(taker, [makerToken, takerToken]),
  };
  return {
    async expectMoved(sold: bigint, bought: bigint): Promise<void> {
      expect(await chain.balances(maker, [makerToken, takerToken])).toEqual({
        [makerToken]: (before.maker[makerToken] ?? 0n) - sold,
        [takerToken]: (before.maker[takerToken] ?? 0n) + bought,
      });
      expect(await chain.balances(taker, [makerToken, takerToken])).toEqual({
        [makerToken]: (before.taker[makerToken] ?? 0n) + sold,
        [takerToken]: (before.taker[takerToken] ?? 0n) - bought,
      });
    },
  };
}
