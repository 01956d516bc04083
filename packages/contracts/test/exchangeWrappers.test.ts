import { describe, expect, test } from 'vitest';
import { type SignedOrder, useExchange } from './helpers/exchangeFixture.js';
import { batchArgs as batch, orderAddresses, orderValues } from './helpers/orders.js';
import { revertOf } from './helpers/reverts.js';
import { deployer, INITIAL_BALANCE, maker, taker } from './helpers/system.js';

const E18 = 10n ** 18n;
const x = useExchange();
/** `n` plain orders of the maker (fresh salts, in order). */
const signedOrders = (n: number) => Promise.all(Array.from({ length: n }, () => x.signed()));
const filledOf = (orders: SignedOrder[]) =>
  Promise.all(orders.map((o) => x.system().exchange.read.filled([o.hash])));
const cancelledOf = (orders: SignedOrder[]) =>
  Promise.all(orders.map((o) => x.system().exchange.read.cancelled([o.hash])));

describe('fillOrKillOrder', () => {
  const fillOrKill = (s: SignedOrder, amount: bigint) =>
    [orderAddresses(s.order), orderValues(s.order), amount, s.sig.v, s.sig.r, s.sig.s] as const;

  test('fills exactly the requested amount', async () => {
    const { exchange, send, tokenA } = x.system();
    const s = await x.signed();
    const receipt = await send(exchange.write.fillOrKillOrder([...fillOrKill(s, E18)], { account: taker }));
    expect(x.exchangeLogs(receipt).map((l) => l.eventName)).toEqual(['LogFill']);
    expect(await exchange.read.filled([s.hash])).toBe(E18);
    expect(await tokenA.read.balanceOf([taker])).toBe(INITIAL_BALANCE + E18 / 2n);
  });

  test('reverts when less than requested remains', async () => {
    const { exchange } = x.system();
    const s = await x.signed();
    await x.fill(s, E18 + 1n);
    const revert = await revertOf(
      exchange.simulate.fillOrKillOrder([...fillOrKill(s, E18)], { account: taker }),
    );
    expect(revert).toEqual({ name: 'FillOrKillFailed', args: [E18 - 1n] });
  });

  test('reverts (discarding the LogError) when the fill would log an error', async () => {
    const { tokenA } = x.system();
    await x.system().send(tokenA.write.setBalance([maker, 0n], { account: deployer }));
    const s = await x.signed();
    const receipt = await x.forceExchange('fillOrKillOrder', fillOrKill(s, E18));
    expect(receipt.status).toBe('reverted');
    expect(receipt.logs).toHaveLength(0);
  });

  test('probes balances even though it takes no shouldThrow flag', async () => {
    const { exchange, tokenB, proxy } = x.system();
    await x.system().send(tokenB.write.approve([proxy.address, 0n], { account: taker }));
    const s = await x.signed();
    expect(
      (await revertOf(exchange.simulate.fillOrKillOrder([...fillOrKill(s, E18)], { account: taker }))).name,
    ).toBe('FillOrKillFailed');
  });
});

describe('batchFillOrders', () => {
  test('fills every order with its own amount', async () => {
    const { exchange, send } = x.system();
    const orders = await signedOrders(3);
    const b = batch(orders);
    const receipt = await send(
      exchange.write.batchFillOrders(
        [b.addresses, b.values, [E18, 2n * E18, 3n * E18], false, b.v, b.r, b.s],
        {
          account: taker,
        },
      ),
    );
    expect(x.exchangeLogs(receipt).map((l) => l.eventName)).toEqual(['LogFill', 'LogFill', 'LogFill']);
    expect(await filledOf(orders)).toEqual([E18, 2n * E18, 2n * E18]);
  });

  test('an order that logs an error does not stop the others', async () => {
    const { exchange, send } = x.system();
    const orders = [await x.signed(), await x.signed({ expirationTimestampInSec: 1n }), await x.signed()];
    const b = batch(orders);
    const receipt = await send(
      exchange.write.batchFillOrders([b.addresses, b.values, [E18, E18, E18], false, b.v, b.r, b.s], {
        account: taker,
      }),
    );
    expect(x.exchangeLogs(receipt).map((l) => [l.eventName, l.args.orderHash])).toEqual([
      ['LogFill', orders[0]?.hash],
      ['LogError', orders[1]?.hash],
      ['LogFill', orders[2]?.hash],
    ]);
  });

  test('one reverting order reverts the batch', async () => {
    const { exchange } = x.system();
    const orders = [await x.signed(), await x.signed({ makerTokenAmount: 0n })];
    const b = batch(orders);
    expect(
      (
        await revertOf(
          exchange.simulate.batchFillOrders([b.addresses, b.values, [E18, E18], false, b.v, b.r, b.s]),
        )
      ).name,
    ).toBe('ZeroAmount');
  });

  test.each(['orderValues', 'fillTakerTokenAmounts', 'v', 'r', 's'] as const)(
    'a shorter %s array reverts (out of bounds)',
    async (shortened) => {
      const { exchange } = x.system();
      const b = batch(await signedOrders(2));
      const amounts = [E18, E18];
      const args = [b.addresses, b.values, amounts, false, b.v, b.r, b.s] as const;
      const index = { orderValues: 1, fillTakerTokenAmounts: 2, v: 4, r: 5, s: 6 }[shortened];
      const cut = args.map((arg, i) => (i === index ? (arg as readonly unknown[]).slice(0, 1) : arg));
      const revert = await revertOf(exchange.simulate.batchFillOrders(cut as never, { account: taker }));
      expect(revert).toEqual({ name: 'Panic', args: [0x32n] });
    },
  );

  test('an empty batch does nothing', async () => {
    const { exchange, send } = x.system();
    const receipt = await send(
      exchange.write.batchFillOrders([[], [], [], false, [], [], []], { account: taker }),
    );
    expect(receipt.logs).toHaveLength(0);
  });
});

describe('batchFillOrKillOrders', () => {
  test('fills all orders exactly', async () => {
    const { exchange, send } = x.system();
    const orders = await signedOrders(2);
    const b = batch(orders);
    await send(
      exchange.write.batchFillOrKillOrders([b.addresses, b.values, [E18, 2n * E18], b.v, b.r, b.s], {
        account: taker,
      }),
    );
    expect(await filledOf(orders)).toEqual([E18, 2n * E18]);
  });

  test('any shortfall reverts everything', async () => {
    const { exchange } = x.system();
    const orders = await signedOrders(2);
    await x.fill(orders[1] as SignedOrder, E18);
    const b = batch(orders);
    const receipt = await x.forceExchange('batchFillOrKillOrders', [
      b.addresses,
      b.values,
      [E18, 2n * E18],
      b.v,
      b.r,
      b.s,
    ]);
    expect(receipt.status).toBe('reverted');
    expect(await exchange.read.filled([orders[0]?.hash as `0x${string}`])).toBe(0n);
  });
});

describe('fillOrdersUpTo', () => {
  const upTo = async (orders: SignedOrder[], amount: bigint) => {
    const b = batch(orders);
    return [b.addresses, b.values, amount, false, b.v, b.r, b.s] as const;
  };

  test('fills in sequence and stops once the amount is reached', async () => {
    const { exchange, send } = x.system();
    const orders = await signedOrders(3);
    const args = await upTo(orders, 3n * E18);
    expect((await exchange.simulate.fillOrdersUpTo([...args], { account: taker })).result).toBe(3n * E18);
    const receipt = await send(exchange.write.fillOrdersUpTo([...args], { account: taker }));
    expect(x.exchangeLogs(receipt).map((l) => l.eventName)).toEqual(['LogFill', 'LogFill']);
    expect(await filledOf(orders)).toEqual([2n * E18, E18, 0n]);
  });

  test('returns less than requested when the orders run out', async () => {
    const { exchange } = x.system();
    const args = await upTo(await signedOrders(2), 10n * E18);
    expect((await exchange.simulate.fillOrdersUpTo([...args], { account: taker })).result).toBe(4n * E18);
  });

  test('skips over orders that log errors', async () => {
    const { exchange, send } = x.system();
    const orders = [await x.signed({ expirationTimestampInSec: 1n }), await x.signed()];
    const receipt = await send(
      exchange.write.fillOrdersUpTo([...(await upTo(orders, E18))], { account: taker }),
    );
    expect(x.exchangeLogs(receipt).map((l) => l.eventName)).toEqual(['LogError', 'LogFill']);
  });

  test('requires every visited order to have the first order’s taker token', async () => {
    const { exchange, zrx } = x.system();
    const orders = [await x.signed(), await x.signed({ takerToken: zrx.address })];
    const revert = await revertOf(
      exchange.simulate.fillOrdersUpTo([...(await upTo(orders, 3n * E18))], { account: taker }),
    );
    expect(revert.name).toBe('TakerTokenMismatch');
  });

  test('checks the taker token lazily: orders after the amount is reached are not looked at', async () => {
    const { exchange, zrx } = x.system();
    const orders = [await x.signed(), await x.signed({ takerToken: zrx.address })];
    const { result } = await exchange.simulate.fillOrdersUpTo([...(await upTo(orders, E18))], {
      account: taker,
    });
    expect(result).toBe(E18);
  });

  test('a zero amount reverts (fillOrder step 3)', async () => {
    const { exchange } = x.system();
    const revert = await revertOf(
      exchange.simulate.fillOrdersUpTo([...(await upTo([await x.signed()], 0n))], { account: taker }),
    );
    expect(revert.name).toBe('ZeroAmount');
  });

  test('a shorter signature array reverts', async () => {
    const { exchange } = x.system();
    const b = batch(await signedOrders(2));
    const revert = await revertOf(
      exchange.simulate.fillOrdersUpTo([b.addresses, b.values, 3n * E18, false, b.v.slice(0, 1), b.r, b.s], {
        account: taker,
      }),
    );
    expect(revert).toEqual({ name: 'Panic', args: [0x32n] });
  });
});

describe('batchCancelOrders', () => {
  test('cancels each order by its own amount', async () => {
    const { exchange, send } = x.system();
    const orders = await signedOrders(3);
    const b = batch(orders);
    const receipt = await send(
      exchange.write.batchCancelOrders([b.addresses, b.values, [E18, 2n * E18, 5n * E18]], {
        account: maker,
      }),
    );
    expect(x.exchangeLogs(receipt).map((l) => l.eventName)).toEqual(['LogCancel', 'LogCancel', 'LogCancel']);
    expect(await cancelledOf(orders)).toEqual([E18, 2n * E18, 2n * E18]);
  });

  test('one order of another maker reverts the batch', async () => {
    const { exchange } = x.system();
    const b = batch([await x.signed(), await x.signed({ maker: taker })]);
    const revert = await revertOf(
      exchange.simulate.batchCancelOrders([b.addresses, b.values, [E18, E18]], { account: maker }),
    );
    expect(revert.name).toBe('SenderIsNotMaker');
  });

  test('a shorter amounts array reverts', async () => {
    const { exchange } = x.system();
    const b = batch(await signedOrders(2));
    const revert = await revertOf(
      exchange.simulate.batchCancelOrders([b.addresses, b.values, [E18]], { account: maker }),
    );
    expect(revert).toEqual({ name: 'Panic', args: [0x32n] });
  });
});
