import { maxUint256, parseEventLogs, zeroAddress } from 'viem';
import { describe, expect, test } from 'vitest';
import { dummyTokenArtifact, zrxTokenArtifact } from '../src/index.js';
import { readMetadata } from './helpers/readMetadata.js';
import { revertOf } from './helpers/reverts.js';
import { deployer, INITIAL_BALANCE, maker, other, taker } from './helpers/system.js';
import { useSystem } from './helpers/systemFixture.js';

const x = useSystem();

describe('ZRXToken', () => {
  test('metadata and supply: 10^27 base units minted to the deployer', async () => {
    const { zrx } = x.system();
    expect(await readMetadata(zrx)).toEqual(['0x Protocol Token', 'ZRX', 18]);
    expect(await zrx.read.totalSupply()).toBe(10n ** 27n);
    expect(await zrx.read.balanceOf([deployer])).toBe(10n ** 27n - 3n * INITIAL_BALANCE);
  });

  test('transfer returns false, changes nothing and logs nothing when the balance is short', async () => {
    const { zrx, send } = x.system();
    expect((await zrx.simulate.transfer([taker, INITIAL_BALANCE + 1n], { account: maker })).result).toBe(
      false,
    );
    const receipt = await send(zrx.write.transfer([taker, INITIAL_BALANCE + 1n], { account: maker }));
    expect(receipt.logs).toHaveLength(0);
    expect(await zrx.read.balanceOf([maker])).toBe(INITIAL_BALANCE);
  });

  test('transfer moves tokens and emits Transfer', async () => {
    const { zrx, send } = x.system();
    const receipt = await send(zrx.write.transfer([other, 7n], { account: maker }));
    expect(parseEventLogs({ abi: zrxTokenArtifact.abi, logs: receipt.logs }).map((l) => l.args)).toEqual([
      { from: maker, to: other, value: 7n },
    ]);
    expect(await zrx.read.balanceOf([other])).toBe(7n);
  });

  test('transferFrom returns false for a short balance or allowance, without logs', async () => {
    const { zrx, send } = x.system();
    await send(zrx.write.approve([other, 10n], { account: maker }));
    expect((await zrx.simulate.transferFrom([maker, other, 11n], { account: other })).result).toBe(false);
    expect((await zrx.simulate.transferFrom([other, maker, 1n], { account: maker })).result).toBe(false);
    const receipt = await send(zrx.write.transferFrom([maker, other, 11n], { account: other }));
    expect(receipt.logs).toHaveLength(0);
    expect(await zrx.read.allowance([maker, other])).toBe(10n);
  });

  test('a finite allowance is spent; 2^256-1 is unlimited and never decremented', async () => {
    const { zrx, send } = x.system();
    await send(zrx.write.approve([other, 10n], { account: maker }));
    await send(zrx.write.transferFrom([maker, other, 4n], { account: other }));
    expect(await zrx.read.allowance([maker, other])).toBe(6n);
    await send(zrx.write.approve([other, maxUint256], { account: maker }));
    const receipt = await send(zrx.write.transferFrom([maker, taker, 5n], { account: other }));
    expect(
      parseEventLogs({ abi: zrxTokenArtifact.abi, logs: receipt.logs }).map((l) => [l.eventName, l.args]),
    ).toEqual([['Transfer', { from: maker, to: taker, value: 5n }]]);
    expect(await zrx.read.allowance([maker, other])).toBe(maxUint256);
    expect(await zrx.read.balanceOf([taker])).toBe(INITIAL_BALANCE + 5n);
  });

  test('an allowance of 2^256-2 is finite', async () => {
    const { zrx, send } = x.system();
    await send(zrx.write.approve([other, maxUint256 - 1n], { account: maker }));
    await send(zrx.write.transferFrom([maker, taker, 5n], { account: other }));
    expect(await zrx.read.allowance([maker, other])).toBe(maxUint256 - 6n);
  });

  test('a self-transfer keeps the balance (and spends the allowance)', async () => {
    const { zrx, send } = x.system();
    await send(zrx.write.approve([other, 10n], { account: maker }));
    await send(zrx.write.transferFrom([maker, maker, 10n], { account: other }));
    await send(zrx.write.transfer([maker, 10n], { account: maker }));
    expect(await zrx.read.balanceOf([maker])).toBe(INITIAL_BALANCE);
    expect(await zrx.read.allowance([maker, other])).toBe(0n);
  });

  test('approve emits Approval', async () => {
    const { zrx, send } = x.system();
    const receipt = await send(zrx.write.approve([other, 3n], { account: maker }));
    expect(
      parseEventLogs({ abi: zrxTokenArtifact.abi, logs: receipt.logs }).map((l) => [l.eventName, l.args]),
    ).toEqual([['Approval', { owner: maker, spender: other, value: 3n }]]);
  });
});

describe('DummyToken', () => {
  const deployDummy = async (decimals: number, supply: bigint) => {
    const address = await x.chain().deploy(dummyTokenArtifact, ['Dummy', 'DMY', decimals, supply], deployer);
    return x.system().at(dummyTokenArtifact, address);
  };

  test('the deployer owns it and receives the initial supply', async () => {
    const token = await deployDummy(6, 1000n);
    expect(await readMetadata(token)).toEqual(['Dummy', 'DMY', 6]);
    expect(await token.read.owner()).toBe(deployer);
    expect(await token.read.totalSupply()).toBe(1000n);
    expect(await token.read.balanceOf([deployer])).toBe(1000n);
  });

  test('anyone may mint up to 100,000 whole tokens per call', async () => {
    const token = await deployDummy(6, 0n);
    const limit = 100_000n * 10n ** 6n;
    const receipt = await x.system().send(token.write.mint([limit], { account: other }));
    expect(parseEventLogs({ abi: dummyTokenArtifact.abi, logs: receipt.logs }).map((l) => l.args)).toEqual([
      { from: zeroAddress, to: other, value: limit },
    ]);
    await x.system().send(token.write.mint([1n], { account: other }));
    expect(await token.read.balanceOf([other])).toBe(limit + 1n);
    expect(await token.read.totalSupply()).toBe(limit + 1n);
    expect(await revertOf(token.simulate.mint([limit + 1n], { account: other }))).toEqual({
      name: 'MintAmountTooLarge',
      args: [limit + 1n, limit],
    });
  });

  test('setBalance is owner only and keeps the total supply consistent', async () => {
    const { tokenA, send } = x.system();
    const supply = await tokenA.read.totalSupply();
    expect((await revertOf(tokenA.simulate.setBalance([other, 1n], { account: other }))).name).toBe(
      'OnlyOwner',
    );
    const up = await send(tokenA.write.setBalance([other, 50n], { account: deployer }));
    expect(parseEventLogs({ abi: dummyTokenArtifact.abi, logs: up.logs }).map((l) => l.args)).toEqual([
      { from: zeroAddress, to: other, value: 50n },
    ]);
    const down = await send(tokenA.write.setBalance([other, 20n], { account: deployer }));
    expect(parseEventLogs({ abi: dummyTokenArtifact.abi, logs: down.logs }).map((l) => l.args)).toEqual([
      { from: other, to: zeroAddress, value: 30n },
    ]);
    expect(await tokenA.read.balanceOf([other])).toBe(20n);
    expect(await tokenA.read.totalSupply()).toBe(supply + 20n);
  });

  test('transfers follow the ZRX (unlimited allowance) rules', async () => {
    const { tokenA, send } = x.system();
    expect((await tokenA.simulate.transferFrom([maker, other, 1n], { account: other })).result).toBe(false);
    await send(tokenA.write.approve([other, maxUint256], { account: maker }));
    await send(tokenA.write.transferFrom([maker, other, 1n], { account: other }));
    expect(await tokenA.read.allowance([maker, other])).toBe(maxUint256);
  });

  test('ownership follows Ownable v1', async () => {
    const { tokenA, send } = x.system();
    await send(tokenA.write.transferOwnership([zeroAddress], { account: deployer }));
    expect(await tokenA.read.owner()).toBe(deployer);
    await send(tokenA.write.transferOwnership([other], { account: deployer }));
    await send(tokenA.write.setBalance([maker, 1n], { account: other }));
    expect(await tokenA.read.balanceOf([maker])).toBe(1n);
  });
});
