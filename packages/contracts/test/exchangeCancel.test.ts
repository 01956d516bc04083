import { describe, expect, test } from 'vitest';
import { type SignedOrder, useExchange } from './helpers/exchangeFixture.js';
import { orderAddresses, orderValues } from './helpers/orders.js';
import { revertOf } from './helpers/reverts.js';
import { feeRecipient, maker, taker } from './helpers/system.js';

const E18 = 10n ** 18n;
const x = useExchange();

const cancelArgs = (s: SignedOrder, amount: bigint) =>
  [orderAddresses(s.order), orderValues(s.order), amount] as const;

describe('cancelOrder', () => {
  test('the maker cancels part of an order; LogCancel carries v1’s fields', async () => {
    const { exchange, send, tokenA, tokenB } = x.system();
    const s = await x.signed({ feeRecipient, makerTokenAmount: 3n * E18, takerTokenAmount: 7n * E18 });
    expect(
      (await exchange.simulate.cancelOrder([...cancelArgs(s, 2n * E18)], { account: maker })).result,
    ).toBe(2n * E18);
    const receipt = await send(exchange.write.cancelOrder([...cancelArgs(s, 2n * E18)], { account: maker }));
    const logs = x.exchangeLogs(receipt);
    expect(receipt.logs).toHaveLength(1);
    expect(logs[0]?.eventName).toBe('LogCancel');
    expect(logs[0]?.args).toEqual({
      maker,
      feeRecipient,
      makerToken: tokenA.address,
      takerToken: tokenB.address,
      cancelledMakerTokenAmount: (2n * E18 * 3n * E18) / (7n * E18), // floor
      cancelledTakerTokenAmount: 2n * E18,
      tokens: x.tokensHash(tokenA.address, tokenB.address),
      orderHash: s.hash,
    });
    expect(await exchange.read.cancelled([s.hash])).toBe(2n * E18);
    expect(await exchange.read.filled([s.hash])).toBe(0n);
    expect(await exchange.read.getUnavailableTakerTokenAmount([s.hash])).toBe(2n * E18);
  });

  test('cancels are cumulative and clipped to what remains after fills', async () => {
    const { exchange, send } = x.system();
    const s = await x.signed();
    await x.fill(s, E18 / 2n);
    await send(exchange.write.cancelOrder([...cancelArgs(s, E18 / 2n)], { account: maker }));
    const receipt = await send(exchange.write.cancelOrder([...cancelArgs(s, 5n * E18)], { account: maker }));
    expect(x.exchangeLogs(receipt)[0]?.args).toMatchObject({
      cancelledTakerTokenAmount: E18,
      cancelledMakerTokenAmount: E18 / 2n,
    });
    expect(await exchange.read.cancelled([s.hash])).toBe((3n * E18) / 2n);
    expect(await exchange.read.filled([s.hash])).toBe(E18 / 2n);
    expect(await exchange.read.getUnavailableTakerTokenAmount([s.hash])).toBe(2n * E18);
  });

  test('a partly cancelled order fills only the rest', async () => {
    const { exchange, send } = x.system();
    const s = await x.signed();
    await send(exchange.write.cancelOrder([...cancelArgs(s, (3n * E18) / 2n)], { account: maker }));
    expect(await x.simulateFill(s, 2n * E18)).toBe(E18 / 2n);
  });

  test('needs no signature', async () => {
    const { exchange } = x.system();
    const s = await x.signed();
    const unsigned = { ...s, sig: { v: 0, r: `0x${'00'.repeat(32)}`, s: `0x${'00'.repeat(32)}` } } as const;
    expect(
      (await exchange.simulate.cancelOrder([...cancelArgs(unsigned as SignedOrder, E18)], { account: maker }))
        .result,
    ).toBe(E18);
  });

  test('only the maker may cancel', async () => {
    const { exchange } = x.system();
    const s = await x.signed();
    expect(
      (await revertOf(exchange.simulate.cancelOrder([...cancelArgs(s, E18)], { account: taker }))).name,
    ).toBe('SenderIsNotMaker');
  });

  test.each([
    ['makerTokenAmount', { makerTokenAmount: 0n }, E18],
    ['takerTokenAmount', { takerTokenAmount: 0n }, E18],
    ['cancelTakerTokenAmount', {}, 0n],
  ] as const)('a zero %s reverts', async (_, fields, amount) => {
    const { exchange } = x.system();
    const s = await x.signed(fields);
    expect(
      (await revertOf(exchange.simulate.cancelOrder([...cancelArgs(s, amount)], { account: maker }))).name,
    ).toBe('ZeroAmount');
  });

  test('the maker check comes before the amount check', async () => {
    const { exchange } = x.system();
    const s = await x.signed({ makerTokenAmount: 0n });
    expect(
      (await revertOf(exchange.simulate.cancelOrder([...cancelArgs(s, 0n)], { account: taker }))).name,
    ).toBe('SenderIsNotMaker');
  });

  test('an expired order logs error 0 and returns 0', async () => {
    const { exchange, send } = x.system();
    const s = await x.signed({ expirationTimestampInSec: 1n });
    expect((await exchange.simulate.cancelOrder([...cancelArgs(s, E18)], { account: maker })).result).toBe(
      0n,
    );
    const receipt = await send(exchange.write.cancelOrder([...cancelArgs(s, E18)], { account: maker }));
    expect(x.exchangeLogs(receipt).map((l) => [l.eventName, l.args])).toEqual([
      ['LogError', { errorId: 0, orderHash: s.hash }],
    ]);
    expect(await exchange.read.cancelled([s.hash])).toBe(0n);
  });

  test('a fully filled or cancelled order logs error 1 and returns 0', async () => {
    const { exchange, send } = x.system();
    const s = await x.signed();
    await x.fill(s, 2n * E18);
    const receipt = await send(exchange.write.cancelOrder([...cancelArgs(s, E18)], { account: maker }));
    expect(x.exchangeLogs(receipt).map((l) => [l.eventName, l.args])).toEqual([
      ['LogError', { errorId: 1, orderHash: s.hash }],
    ]);
    expect(await exchange.read.cancelled([s.hash])).toBe(0n);
  });

  test('there is no rounding check on cancels', async () => {
    const { exchange } = x.system();
    const s = await x.signed({ makerTokenAmount: 1001n, takerTokenAmount: 3n });
    expect((await exchange.simulate.cancelOrder([...cancelArgs(s, 1n)], { account: maker })).result).toBe(1n);
  });
});
