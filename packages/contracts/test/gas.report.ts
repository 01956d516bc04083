/**
 * Gas report (`npm run gas -w @relayer/contracts`): gas used per operation on anvil (default hardfork),
 * with every party already holding every token (non-zero balances before and after) and unlimited
 * proxy allowances. Prints a table; asserts only that the operations succeed, never the gas.
 */
import { type Address, type Hash, maxUint256, parseEther, type TransactionReceipt } from 'viem';
import { expect, test } from 'vitest';
import { useAnvil, useSnapshotPerTest } from './helpers/chain.js';
import { hashOrder, makeOrder, type Order, orderAddresses, orderValues, signHash } from './helpers/orders.js';
import {
  deploySystem,
  feeRecipient,
  maker,
  makerAccount,
  other,
  type System,
  taker,
} from './helpers/system.js';

/** v1 figures measured by the project on the original Exchange (PROTOCOL.md §4 semantics). */
const V1_GAS: Record<string, number> = {
  'fillOrder, full, no fees': 114_138,
  'fillOrder, full, maker + taker ZRX fees': 156_850,
};

const chain = useAnvil();
useSnapshotPerTest(chain);

interface Row {
  operation: string;
  gas: bigint;
}

test('gas per operation', async () => {
  const c = chain.get();
  const rows: Row[] = [];
  let salt = 1000n;

  const measure = async (operation: string, run: (s: System) => Promise<TransactionReceipt>) => {
    const snapshot = await c.testClient.snapshot();
    const system = await deploySystemOnce();
    const receipt = await run(system);
    expect(receipt.status).toBe('success');
    rows.push({ operation, gas: receipt.gasUsed });
    await c.testClient.revert({ id: snapshot });
  };

  let deployed: System | undefined;
  const deploySystemOnce = async () => {
    deployed ??= await deploySystem(c);
    return deployed;
  };
  // Deploy and fund once, then measure every operation from that state.
  const base = await deploySystemOnce();

  const signed = async (s: System, fields: Partial<Order> = {}) => {
    const order = makeOrder({
      maker,
      makerToken: s.tokenA.address,
      takerToken: s.tokenB.address,
      salt: salt++,
      ...fields,
    });
    const sig = await signHash(makerAccount, hashOrder(s.exchange.address, order));
    return { order, sig };
  };
  const fill = async (s: System, fields: Partial<Order>, amount: bigint, shouldThrow: boolean) => {
    const { order, sig } = await signed(s, fields);
    return s.send(
      s.exchange.write.fillOrder(
        [orderAddresses(order), orderValues(order), amount, shouldThrow, sig.v, sig.r, sig.s],
        { account: taker },
      ),
    );
  };
  const fees = { feeRecipient, makerFee: 10n ** 18n, takerFee: 2n * 10n ** 18n };
  const full = 2n * 10n ** 18n;

  await measure('fillOrder, full, no fees', (s) => fill(s, {}, full, false));
  await measure('fillOrder, full, no fees, shouldThrow = true', (s) => fill(s, {}, full, true));
  await measure('fillOrder, full, maker + taker ZRX fees', (s) => fill(s, fees, full, false));
  await measure('fillOrder, full, fees, shouldThrow = true', (s) => fill(s, fees, full, true));
  await measure('fillOrder, partial (half), no fees', (s) => fill(s, {}, full / 2n, false));
  await measure('fillOrder, full, no fees, WETH9 as taker token', async (s) => {
    // Both parties already hold WETH, as they hold every other token.
    for (const party of [maker, taker]) {
      await s.send(s.weth.write.deposit({ account: party, value: parseEther('10') }));
      await s.send(s.weth.write.approve([s.proxy.address, maxUint256], { account: party }));
    }
    return fill(s, { takerToken: s.weth.address }, full, false);
  });
  await measure('fillOrKillOrder, full, no fees', async (s) => {
    const { order, sig } = await signed(s);
    return s.send(
      s.exchange.write.fillOrKillOrder(
        [orderAddresses(order), orderValues(order), full, sig.v, sig.r, sig.s],
        {
          account: taker,
        },
      ),
    );
  });
  const three = async (s: System) => Promise.all([signed(s), signed(s), signed(s)]);
  await measure('batchFillOrders, 3 orders, full, no fees', async (s) => {
    const orders = await three(s);
    return s.send(
      s.exchange.write.batchFillOrders(
        [
          orders.map((o) => orderAddresses(o.order)),
          orders.map((o) => orderValues(o.order)),
          orders.map(() => full),
          false,
          orders.map((o) => o.sig.v),
          orders.map((o) => o.sig.r),
          orders.map((o) => o.sig.s),
        ],
        { account: taker },
      ),
    );
  });
  await measure('fillOrdersUpTo, 3 orders, all filled', async (s) => {
    const orders = await three(s);
    return s.send(
      s.exchange.write.fillOrdersUpTo(
        [
          orders.map((o) => orderAddresses(o.order)),
          orders.map((o) => orderValues(o.order)),
          3n * full,
          false,
          orders.map((o) => o.sig.v),
          orders.map((o) => o.sig.r),
          orders.map((o) => o.sig.s),
        ],
        { account: taker },
      ),
    );
  });
  await measure('cancelOrder, full', async (s) => {
    const { order } = await signed(s);
    return s.send(
      s.exchange.write.cancelOrder([orderAddresses(order), orderValues(order), full], { account: maker }),
    );
  });
  await measure('batchCancelOrders, 3 orders', async (s) => {
    const orders = await three(s);
    return s.send(
      s.exchange.write.batchCancelOrders(
        [
          orders.map((o) => orderAddresses(o.order)),
          orders.map((o) => orderValues(o.order)),
          orders.map(() => full),
        ],
        { account: maker },
      ),
    );
  });
  await measure('approve (DummyToken, first unlimited approval)', (s) =>
    s.send(s.tokenA.write.approve([other as Address, maxUint256], { account: maker })),
  );
  await measure('WETH deposit (first)', (s) =>
    s.send(s.weth.write.deposit({ account: taker, value: parseEther('1') }) as Promise<Hash>),
  );
  await measure('WETH withdraw (partial)', async (s) => {
    await s.send(s.weth.write.deposit({ account: taker, value: parseEther('2') }) as Promise<Hash>);
    return s.send(s.weth.write.withdraw([parseEther('1')], { account: taker }));
  });

  const width = Math.max(...rows.map((r) => r.operation.length));
  const lines = [
    `${'operation'.padEnd(width)}  ${'ours'.padStart(9)}  ${'v1'.padStart(9)}  ${'saved'.padStart(7)}`,
    ...rows.map((r) => {
      const v1 = V1_GAS[r.operation];
      const saved = v1 ? `${(((v1 - Number(r.gas)) / v1) * 100).toFixed(1)}%` : '';
      return `${r.operation.padEnd(width)}  ${r.gas.toLocaleString('en-US').padStart(9)}  ${(v1 ? v1.toLocaleString('en-US') : '-').padStart(9)}  ${saved.padStart(7)}`;
    }),
  ];
  console.log(`\nGas used per transaction (anvil default hardfork)\n${lines.join('\n')}\n`);
  expect(base.exchange.address).toBeTruthy();
});
