/**
 * Filled and cancelled amounts share one slot for orders below 2^128 taker tokens and use two slots
 * above; both representations must answer filled/cancelled/getUnavailableTakerTokenAmount alike.
 */
import { describe, expect, test } from 'vitest';
import { useExchange } from './helpers/exchangeFixture.js';
import { orderAddresses, orderValues } from './helpers/orders.js';
import { deployer, maker, taker } from './helpers/system.js';

const x = useExchange();
const HUGE = 1n << 200n;

describe.each([
  ['packed (2^128 - 1)', (1n << 128n) - 1n],
  ['separate slots (2^128)', 1n << 128n],
])('takerTokenAmount %s', (_, takerTokenAmount) => {
  test('fills and cancels accumulate independently and cap at takerTokenAmount', async () => {
    const { exchange, tokenA, tokenB, send } = x.system();
    await send(tokenA.write.setBalance([maker, HUGE], { account: deployer }));
    await send(tokenB.write.setBalance([taker, (1n << 256n) - 1n - HUGE], { account: deployer }));
    // A maker amount of 2^100 keeps every product below 2^256 and the rounding error negligible.
    const s = await x.signed({ makerTokenAmount: 1n << 100n, takerTokenAmount });
    const reads = async () =>
      Promise.all([
        exchange.read.filled([s.hash]),
        exchange.read.cancelled([s.hash]),
        exchange.read.getUnavailableTakerTokenAmount([s.hash]),
      ]);
    const cancel = (amount: bigint) =>
      send(
        exchange.write.cancelOrder([orderAddresses(s.order), orderValues(s.order), amount], {
          account: maker,
        }),
      );

    const third = takerTokenAmount / 3n;
    await x.fill(s, third, { shouldThrow: true });
    expect(await reads()).toEqual([third, 0n, third]);
    await cancel(third);
    expect(await reads()).toEqual([third, third, 2n * third]);
    expect(await x.simulateFill(s, takerTokenAmount, { shouldThrow: true })).toBe(
      takerTokenAmount - 2n * third,
    );
    await x.fill(s, takerTokenAmount, { shouldThrow: true });
    expect(await reads()).toEqual([takerTokenAmount - third, third, takerTokenAmount]);
    expect(await x.simulateFill(s, 1n, { shouldThrow: true })).toBe(0n);
    const receipt = await cancel(1n);
    expect(x.exchangeLogs(receipt).map((l) => l.eventName)).toEqual(['LogError']);
  });
});
