/**
 * Gas report (`npm run gas -w @relayer/contracts`): gas used per operation on anvil (default hardfork),
 * with every party already holding every token (non-zero balances before and after) and unlimited
 * proxy allowances, measured twice: on the project's test tokens (ZRXToken and DummyToken, which keep
 * balances at hash-free slots) and on standard tokens (StandardToken: balances and allowances in
 * mappings, as in v1's DummyToken and real ERC-20 tokens; the fee token too). Prints one table per
 * token kind with v1's figures; asserts only that the operations succeed, never the gas.
 * `npm run gas:report -w @relayer/contracts` also rewrites the contracts table of docs/PERFORMANCE.md
 * from the standard tokens' figures (the targets are set on tokens laid out as real ERC-20s are).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type Address, type Hash, maxUint256, parseEther, type TransactionReceipt } from 'viem';
import { expect, test } from 'vitest';
import { standardTokenArtifact } from '../src/generated/index.js';
import type { exchangeArtifact } from '../src/index.js';
import { useAnvil, useSnapshotPerTest } from './helpers/chain.js';
import { hashOrder, makeOrder, type Order, orderAddresses, orderValues, signHash } from './helpers/orders.js';
import { deployStandardMarket } from './helpers/standardMarket.js';
import {
  type ContractOf,
  deploySystem,
  feeRecipient,
  maker,
  makerAccount,
  other,
  type System,
  taker,
} from './helpers/system.js';

/**
 * The original v1 Exchange (solc 0.4.11) under the same conditions on its own mapping-layout tokens
 * (v1's DummyToken and ZRXToken): the project's reference measurements.
 */
const V1_GAS: Record<string, number> = {
  'fillOrder, full, no fees': 114_138,
  'fillOrder, full, maker + taker ZRX fees': 156_850,
  'batchFillOrders, 3 orders, full, no fees': 233_719,
  'fillOrdersUpTo, 3 orders, all filled': 233_864,
  'cancelOrder, full': 55_655,
};

const chain = useAnvil();
useSnapshotPerTest(chain);

interface Market {
  exchange: ContractOf<typeof exchangeArtifact>;
  tokenA: Address;
  tokenB: Address;
}

interface Row {
  operation: string;
  gas: bigint;
}

test('gas per operation', async () => {
  const c = chain.get();
  // Deploy and fund once, then measure every operation from that state (snapshot and revert).
  const system = await deploySystem(c);
  const standard = await deployStandardMarket(c, system);
  const markets: [string, Market][] = [
    [
      'test tokens (ZRXToken, DummyToken: balances at hash-free slots)',
      { exchange: system.exchange, tokenA: system.tokenA.address, tokenB: system.tokenB.address },
    ],
    [
      'standard tokens (StandardToken for ZRX and both tokens: balances and allowances in mappings)',
      { exchange: standard.exchange, tokenA: standard.tokenA.address, tokenB: standard.tokenB.address },
    ],
  ];
  const tables = [];
  const measured: Row[][] = [];
  for (const [title, market] of markets) {
    measured.push(await measureAll(system, market));
    tables.push(table(title, measured.at(-1) ?? []));
  }
  console.log(`\nGas used per transaction (anvil default hardfork)\n\n${tables.join('\n\n')}\n`);
  if (process.env.BENCH_REPORT) report(measured[1] ?? []);
});

/** Every operation against v1's at most 0.88 of its gas; the plain fill under 100,000 as well. */
const V1_SHARE = 0.88;
const FILL_TARGET = 100_000;

/** Hands the standard tokens' rows to scripts/benchReport.ts, which rewrites docs/PERFORMANCE.md. */
function report(rows: Row[]): void {
  const command = 'npm run gas:report -w @relayer/contracts';
  const lines = rows.map((r) => {
    const v1 = V1_GAS[r.operation];
    const gas = Number(r.gas);
    const share = v1 ? gas / v1 : undefined;
    const plainFill = r.operation === 'fillOrder, full, no fees';
    return {
      scenario: `${r.operation} (standard tokens)`,
      target: plainFill
        ? `<= ${FILL_TARGET.toLocaleString('en-US')} gas and <= ${V1_SHARE} of v1`
        : v1
          ? `<= ${V1_SHARE} of v1`
          : 'none: reported beside the others',
      figure: `${gas.toLocaleString('en-US')} gas${v1 ? `, ${share?.toFixed(3)} of v1's ${v1.toLocaleString('en-US')}` : ''}`,
      ...(share === undefined ? {} : { meets: share <= V1_SHARE && (!plainFill || gas <= FILL_TARGET) }),
      command,
    };
  });
  const script = fileURLToPath(new URL('../../../scripts/benchReport.ts', import.meta.url));
  const written = spawnSync(process.execPath, ['--import', 'tsx', script], {
    input: JSON.stringify({ area: 'contracts', rows: lines }),
    stdio: ['pipe', 'inherit', 'inherit'],
  });
  if (written.status !== 0) throw new Error(`writing the contracts report failed (${written.status})`);
}

async function measureAll(s: System, m: Market): Promise<Row[]> {
  const c = chain.get();
  const rows: Row[] = [];
  let salt = 1000n;
  const measure = async (operation: string, run: () => Promise<TransactionReceipt>) => {
    const snapshot = await c.testClient.snapshot();
    const receipt = await run();
    expect(receipt.status).toBe('success');
    rows.push({ operation, gas: receipt.gasUsed });
    await c.testClient.revert({ id: snapshot });
  };

  const signed = async (fields: Partial<Order> = {}) => {
    const order = makeOrder({ maker, makerToken: m.tokenA, takerToken: m.tokenB, salt: salt++, ...fields });
    const sig = await signHash(makerAccount, hashOrder(m.exchange.address, order));
    return { order, sig };
  };
  const fill = async (fields: Partial<Order>, amount: bigint, shouldThrow: boolean) => {
    const { order, sig } = await signed(fields);
    return s.send(
      m.exchange.write.fillOrder(
        [orderAddresses(order), orderValues(order), amount, shouldThrow, sig.v, sig.r, sig.s],
        { account: taker },
      ),
    );
  };
  const fees = { feeRecipient, makerFee: 10n ** 18n, takerFee: 2n * 10n ** 18n };
  const full = 2n * 10n ** 18n;

  await measure('fillOrder, full, no fees', () => fill({}, full, false));
  await measure('fillOrder, full, no fees, shouldThrow = true', () => fill({}, full, true));
  await measure('fillOrder, full, maker + taker ZRX fees', () => fill(fees, full, false));
  await measure('fillOrder, full, fees, shouldThrow = true', () => fill(fees, full, true));
  await measure('fillOrder, partial (half), no fees', () => fill({}, full / 2n, false));
  await measure('fillOrder, full, no fees, WETH9 as taker token', async () => {
    // Both parties already hold WETH, as they hold every other token.
    for (const party of [maker, taker]) {
      await s.send(s.weth.write.deposit({ account: party, value: parseEther('10') }));
      await s.send(s.weth.write.approve([s.proxy.address, maxUint256], { account: party }));
    }
    return fill({ takerToken: s.weth.address }, full, false);
  });
  await measure('fillOrKillOrder, full, no fees', async () => {
    const { order, sig } = await signed();
    return s.send(
      m.exchange.write.fillOrKillOrder(
        [orderAddresses(order), orderValues(order), full, sig.v, sig.r, sig.s],
        {
          account: taker,
        },
      ),
    );
  });
  const three = async () => Promise.all([signed(), signed(), signed()]);
  const batchArgs = (orders: Awaited<ReturnType<typeof three>>) =>
    [
      orders.map((o) => orderAddresses(o.order)),
      orders.map((o) => orderValues(o.order)),
      orders.map((o) => o.sig.v),
      orders.map((o) => o.sig.r),
      orders.map((o) => o.sig.s),
    ] as const;
  await measure('batchFillOrders, 3 orders, full, no fees', async () => {
    const [addresses, values, v, r, sigS] = batchArgs(await three());
    return s.send(
      m.exchange.write.batchFillOrders([addresses, values, [full, full, full], false, v, r, sigS], {
        account: taker,
      }),
    );
  });
  await measure('fillOrdersUpTo, 3 orders, all filled', async () => {
    const [addresses, values, v, r, sigS] = batchArgs(await three());
    return s.send(
      m.exchange.write.fillOrdersUpTo([addresses, values, 3n * full, false, v, r, sigS], { account: taker }),
    );
  });
  await measure('cancelOrder, full', async () => {
    const { order } = await signed();
    return s.send(
      m.exchange.write.cancelOrder([orderAddresses(order), orderValues(order), full], { account: maker }),
    );
  });
  await measure('batchCancelOrders, 3 orders', async () => {
    const orders = await three();
    return s.send(
      m.exchange.write.batchCancelOrders(
        [
          orders.map((o) => orderAddresses(o.order)),
          orders.map((o) => orderValues(o.order)),
          [full, full, full],
        ],
        { account: maker },
      ),
    );
  });
  await measure('approve (first unlimited approval)', () =>
    s.send(
      s.at(standardTokenArtifact, m.tokenA).write.approve([other as Address, maxUint256], { account: maker }),
    ),
  );
  // WETH9 is the same contract in both markets: its own operations are measured once.
  if (m.exchange.address !== s.exchange.address) return rows;
  await measure('WETH deposit (first)', () =>
    s.send(s.weth.write.deposit({ account: taker, value: parseEther('1') }) as Promise<Hash>),
  );
  await measure('WETH withdraw (partial)', async () => {
    await s.send(s.weth.write.deposit({ account: taker, value: parseEther('2') }) as Promise<Hash>);
    return s.send(s.weth.write.withdraw([parseEther('1')], { account: taker }));
  });
  return rows;
}

/** A text table: operation, ours, v1, ours / v1. */
function table(title: string, rows: Row[]): string {
  const width = Math.max(...rows.map((r) => r.operation.length));
  const format = (n: number | bigint) => n.toLocaleString('en-US').padStart(9);
  return [
    title,
    `${'operation'.padEnd(width)}  ${'ours'.padStart(9)}  ${'v1'.padStart(9)}  ${'ours/v1'.padStart(7)}`,
    ...rows.map((r) => {
      const v1 = V1_GAS[r.operation];
      const ratio = v1 ? (Number(r.gas) / v1).toFixed(3) : '';
      return `${r.operation.padEnd(width)}  ${format(r.gas)}  ${v1 ? format(v1) : '-'.padStart(9)}  ${ratio.padStart(7)}`;
    }),
  ].join('\n');
}
