import { encodeFunctionData, maxUint256, parseEther } from 'viem';
import { describe, expect, test } from 'vitest';
import { weth9Artifact } from '../src/index.js';
import { readMetadata } from './helpers/readMetadata.js';
import { revertOf } from './helpers/reverts.js';
import { maker, other, taker } from './helpers/system.js';
import { useSystem } from './helpers/systemFixture.js';

const x = useSystem();
const ONE = parseEther('1');

describe('WETH9', () => {
  test('metadata', async () => {
    const { weth } = x.system();
    expect(await readMetadata(weth)).toEqual(['Wrapped Ether', 'WETH', 18]);
  });

  test('deposit credits msg.value, emits Deposit(dst, wad), and total supply is the ether held', async () => {
    const { weth, send } = x.system();
    const receipt = await send(weth.write.deposit({ account: maker, value: 3n * ONE }));
    const events = await weth.getEvents.Deposit({}, { blockHash: receipt.blockHash });
    expect(events.map((e) => e.args)).toEqual([{ dst: maker, wad: 3n * ONE }]);
    expect(receipt.logs).toHaveLength(1);
    expect(await weth.read.balanceOf([maker])).toBe(3n * ONE);
    expect(await weth.read.totalSupply()).toBe(3n * ONE);
    expect(await x.chain().publicClient.getBalance({ address: weth.address })).toBe(3n * ONE);
  });

  test('plain ether and calls to unknown functions deposit too (WETH9 fallback)', async () => {
    const { weth } = x.system();
    const c = x.chain();
    await c.receipt(
      await c.walletClient.sendTransaction({ account: maker, to: weth.address, value: ONE, chain: c.chain }),
    );
    await c.receipt(
      await c.walletClient.sendTransaction({
        account: maker,
        to: weth.address,
        value: ONE,
        data: '0xdeadbeef',
        chain: c.chain,
      }),
    );
    expect(await weth.read.balanceOf([maker])).toBe(2n * ONE);
  });

  test('withdraw debits, sends the ether back and emits Withdrawal(src, wad)', async () => {
    const { weth, send } = x.system();
    await send(weth.write.deposit({ account: maker, value: 2n * ONE }));
    const before = await x.chain().publicClient.getBalance({ address: maker });
    const receipt = await send(weth.write.withdraw([ONE], { account: maker }));
    const after = await x.chain().publicClient.getBalance({ address: maker });
    expect(after - before + receipt.gasUsed * receipt.effectiveGasPrice).toBe(ONE);
    expect(
      (await weth.getEvents.Withdrawal({}, { blockHash: receipt.blockHash })).map((e) => e.args),
    ).toEqual([{ src: maker, wad: ONE }]);
    expect(await weth.read.balanceOf([maker])).toBe(ONE);
    expect(await weth.read.totalSupply()).toBe(ONE);
  });

  test('withdrawing more than the balance reverts', async () => {
    const { weth, send } = x.system();
    await send(weth.write.deposit({ account: maker, value: ONE }));
    expect((await revertOf(weth.simulate.withdraw([ONE + 1n], { account: maker }))).name).toBe(
      'InsufficientBalance',
    );
  });

  test('transfer moves WETH, emits Transfer and reverts when the balance is short', async () => {
    const { weth, send } = x.system();
    await send(weth.write.deposit({ account: maker, value: ONE }));
    const receipt = await send(weth.write.transfer([taker, ONE / 4n], { account: maker }));
    expect((await weth.getEvents.Transfer({}, { blockHash: receipt.blockHash })).map((e) => e.args)).toEqual([
      { src: maker, dst: taker, wad: ONE / 4n },
    ]);
    expect(await weth.read.balanceOf([taker])).toBe(ONE / 4n);
    expect((await revertOf(weth.simulate.transfer([taker, ONE], { account: maker }))).name).toBe(
      'InsufficientBalance',
    );
  });

  test('transferFrom spends a finite allowance and needs enough of it', async () => {
    const { weth, send } = x.system();
    await send(weth.write.deposit({ account: maker, value: ONE }));
    const approval = await send(weth.write.approve([other, ONE / 2n], { account: maker }));
    expect((await weth.getEvents.Approval({}, { blockHash: approval.blockHash })).map((e) => e.args)).toEqual(
      [{ src: maker, guy: other, wad: ONE / 2n }],
    );
    expect((await revertOf(weth.simulate.transferFrom([maker, taker, ONE], { account: other }))).name).toBe(
      'InsufficientAllowance',
    );
    await send(weth.write.transferFrom([maker, taker, ONE / 4n], { account: other }));
    expect(await weth.read.allowance([maker, other])).toBe(ONE / 4n);
  });

  test('an allowance of 2^256-1 is not spent, nor is one needed to move one’s own WETH', async () => {
    const { weth, send } = x.system();
    await send(weth.write.deposit({ account: maker, value: ONE }));
    await send(weth.write.approve([other, maxUint256], { account: maker }));
    await send(weth.write.transferFrom([maker, taker, ONE / 4n], { account: other }));
    expect(await weth.read.allowance([maker, other])).toBe(maxUint256);
    await send(weth.write.transferFrom([maker, taker, ONE / 4n], { account: maker }));
    expect(await weth.read.balanceOf([taker])).toBe(ONE / 2n);
  });

  test('transferFrom checks the balance before the allowance', async () => {
    const { weth } = x.system();
    expect((await revertOf(weth.simulate.transferFrom([maker, taker, 1n], { account: other }))).name).toBe(
      'InsufficientBalance',
    );
  });

  test('a self-transfer keeps the balance', async () => {
    const { weth, send } = x.system();
    await send(weth.write.deposit({ account: maker, value: ONE }));
    await send(weth.write.transfer([maker, ONE], { account: maker }));
    expect(await weth.read.balanceOf([maker])).toBe(ONE);
  });

  test('the deposit selector is payable and withdraw is not', () => {
    const fn = (name: string) => weth9Artifact.abi.find((i) => i.type === 'function' && i.name === name);
    expect(fn('deposit')).toMatchObject({ stateMutability: 'payable' });
    expect(fn('withdraw')).toMatchObject({ stateMutability: 'nonpayable' });
    expect(encodeFunctionData({ abi: weth9Artifact.abi, functionName: 'deposit' })).toBe('0xd0e30db0');
  });
});
