import type { Page } from '@playwright/test';
import type { Address, Hex } from 'viem';
import { axeViolations } from '../src/axeScan.ts';
import type { ChainHelper, OrderSpec } from '../src/ChainHelper.ts';
import { expect, test } from '../src/fixtures.ts';
import { dialog, notification, orderRows } from '../src/ui.ts';

// The relayer serves its static example prices here: no live ETH price, so costs are in ETH only.

/** An anvil control call (automine, mining) on the test's own connection to the chain. */
function anvil(chain: ChainHelper, method: string, params: unknown[] = []): Promise<unknown> {
  return chain.client.request({ method, params } as never);
}

/** Hashes the page asked the node about (eth_getTransactionByHash): the app has seen them pending. */
function watchLookups(page: Page): Set<string> {
  const looked = new Set<string>();
  page.on('request', (request) => {
    const body = request.postData();
    if (!body?.includes('eth_getTransactionByHash')) return;
    const calls = JSON.parse(body) as
      | { method: string; params?: unknown[] }[]
      | { method: string; params?: unknown[] };
    for (const call of Array.isArray(calls) ? calls : [calls])
      if (call.method === 'eth_getTransactionByHash') looked.add(String(call.params?.[0]).toLowerCase());
  });
  return looked;
}

async function openTake(page: Page) {
  const rows = orderRows(page);
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole('button', { name: 'Take' }).click();
  return dialog(page, 'Take Order');
}

test('the take dialog shows the network cost before the prompt, and the receipt paid about that', async ({
  main,
  openApp,
  snap,
}) => {
  const spec: OrderSpec = { maker: 1, sell: ['250', 'REP'], buy: ['1.5', 'WETH'] };
  const order = await main.postOrder(spec);
  const { page, wallet } = await openApp({ account: 2 });
  const form = await openTake(page);
  const cost = form.locator('[data-tx-cost="ready"]');
  await expect(cost).toHaveText(/^Network cost: ~0\.\d+ ETH, \d{1,3}(,\d{3})* gas$/);
  await snap('take-network-cost');
  expect(await axeViolations(page, 'take dialog with its network cost')).toEqual([]);
  // Shown before anything was sent: the wallet has not been asked for a transaction yet.
  expect(wallet?.calls).not.toContain('eth_sendTransaction');
  const costWei = BigInt((await cost.getAttribute('data-cost-wei')) ?? '0');
  const shownEth = Number(((await cost.textContent()) ?? '').match(/~([\d.]+) ETH/)?.[1]);

  await form.getByRole('button', { name: 'Take' }).click();
  await expect(notification(page, 'Order filled, database will update shortly')).toBeVisible();
  await expect.poll(async () => (await main.tradesOf(order)).length).toBe(1);
  const [trade] = await main.tradesOf(order);
  const receipt = await main.client.getTransactionReceipt({ hash: trade?.transactionHash as Hex });
  const paid = receipt.gasUsed * receipt.effectiveGasPrice;
  const off = Math.abs(Number(costWei - paid)) / Number(paid);
  expect(off, `estimated ${costWei} wei, paid ${paid} wei`).toBeLessThan(0.05);
  // The rounded figure on screen is as close.
  expect(Math.abs(shownEth * 1e18 - Number(paid)) / Number(paid)).toBeLessThan(0.05);
});

test('an unwrap of more WETH than the chain holds is refused before any prompt, with the reason', async ({
  main,
  openApp,
  snap,
}) => {
  const account = main.address(1);
  const { page, wallet } = await openApp({ account: 1 });
  const panel = page.getByRole('region', { name: 'Wrap ETH' });
  await expect(panel.getByText('WETH: 100')).toBeVisible();
  // The WETH leaves in another tab or wallet: the page still shows the balance it read.
  const held = await main.balanceOf('WETH', account);
  await main.transfer('WETH', 1, main.address(5), held);
  await panel.getByRole('button', { name: 'WETH → ETH' }).click();
  await panel.getByLabel('Amount').fill('50');
  const unwrap = panel.getByRole('button', { name: 'Unwrap' });
  await expect(panel.getByText('Not sent: this would fail. Your token balance is too low')).toBeVisible();
  await expect(unwrap).toBeDisabled();
  await expect(unwrap).toHaveAccessibleDescription(/Your token balance is too low/);
  await snap('unwrap-refused');
  expect(await axeViolations(page, 'unwrap refused before the prompt')).toEqual([]);
  expect(wallet?.calls).not.toContain('eth_sendTransaction');
  expect(await main.balanceOf('WETH', account)).toBe(0n);
});

test('a take the wallet speeds up is shown as sped up and followed to its confirmation', async ({
  main,
  openApp,
}) => {
  const spec: OrderSpec = { maker: 1, sell: ['250', 'REP'], buy: ['1.5', 'WETH'] };
  const order = await main.postOrder(spec);
  const taker = main.address(2);
  const { page } = await openApp({ account: 2 });
  const looked = watchLookups(page);
  const form = await openTake(page);
  await expect(form.locator('[data-tx-cost="ready"]')).toBeVisible();
  const rep0 = await main.balanceOf('REP', taker);

  // Transactions wait in the pool until the test mines, as on a busy network.
  await anvil(main, 'evm_setAutomine', [false]);
  try {
    await form.getByRole('button', { name: 'Take' }).click();
    const status = form.locator('[data-tx-status="pending"]');
    await expect(status).toContainText('Transaction pending: waiting for it to be mined');
    const first = ((await status.locator('[data-tx]').getAttribute('data-tx')) ?? '') as Hex;
    await expect.poll(() => looked.has(first.toLowerCase())).toBe(true);
    // The wallet's "speed up": the same call under the same nonce at a higher fee.
    const original = await main.client.getTransaction({ hash: first });
    const hex = (value: bigint) => `0x${value.toString(16)}`;
    const second = (await anvil(main, 'eth_sendTransaction', [
      {
        from: taker as Address,
        to: original.to,
        data: original.input,
        nonce: hex(BigInt(original.nonce)),
        gas: hex(original.gas),
        maxFeePerGas: hex((original.maxFeePerGas ?? 0n) * 2n),
        maxPriorityFeePerGas: hex((original.maxPriorityFeePerGas ?? 0n) * 2n),
      },
    ])) as Hex;
    await anvil(main, 'evm_mine');

    await expect(
      notification(
        page,
        'Order filled, database will update shortly (the transaction was sped up in your wallet and confirmed)',
      ),
    ).toBeVisible();
    await expect(page.locator('[data-live-announcer]')).toContainText(
      'Transaction sped up in your wallet and confirmed',
      {
        timeout: 20_000,
      },
    );
    await expect
      .poll(async () => (await main.tradesOf(order)).map((t) => t.transactionHash))
      .toEqual([second]);
    expect(await main.balanceOf('REP', taker)).toBe(rep0 + main.baseUnits(spec.sell));
  } finally {
    await anvil(main, 'evm_setAutomine', [true]);
  }
});
