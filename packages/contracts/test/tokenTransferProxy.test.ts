import { maxUint256, parseEther, zeroAddress } from 'viem';
import { describe, expect, test } from 'vitest';
import { revertOf } from './helpers/reverts.js';
import { deployer, feeRecipient, INITIAL_BALANCE, maker, other, taker } from './helpers/system.js';
import { useSystem } from './helpers/systemFixture.js';

const x = useSystem();

describe('TokenTransferProxy ownership (Ownable v1)', () => {
  test('the deployer owns it; only the owner may hand it on, silently and without an event', async () => {
    const { proxy, send } = x.system();
    expect(await proxy.read.owner()).toBe(deployer);
    expect((await revertOf(proxy.simulate.transferOwnership([other], { account: other }))).name).toBe(
      'OnlyOwner',
    );
    const receipt = await send(proxy.write.transferOwnership([other], { account: deployer }));
    expect(receipt.logs).toHaveLength(0);
    expect(await proxy.read.owner()).toBe(other);
  });

  test('handing ownership to the zero address is ignored', async () => {
    const { proxy, send } = x.system();
    const receipt = await send(proxy.write.transferOwnership([zeroAddress], { account: deployer }));
    expect(receipt.status).toBe('success');
    expect(receipt.logs).toHaveLength(0);
    expect(await proxy.read.owner()).toBe(deployer);
  });
});

describe('authorisation', () => {
  test('the owner adds addresses; each emits LogAuthorizedAddressAdded(target, caller)', async () => {
    const { proxy, exchange, send } = x.system();
    const receipt = await send(proxy.write.addAuthorizedAddress([other], { account: deployer }));
    const events = await proxy.getEvents.LogAuthorizedAddressAdded({}, { blockHash: receipt.blockHash });
    expect(events.map((e) => e.args)).toEqual([{ target: other, caller: deployer }]);
    expect(await proxy.read.authorized([other])).toBe(true);
    expect(await proxy.read.getAuthorizedAddresses()).toEqual([exchange.address, other]);
    expect(await proxy.read.authorities([1n])).toBe(other);
  });

  test('only the owner adds or removes', async () => {
    const { proxy, exchange } = x.system();
    expect((await revertOf(proxy.simulate.addAuthorizedAddress([other], { account: other }))).name).toBe(
      'OnlyOwner',
    );
    expect(
      (await revertOf(proxy.simulate.removeAuthorizedAddress([exchange.address], { account: other }))).name,
    ).toBe('OnlyOwner');
  });

  test('adding twice or removing an unknown address reverts', async () => {
    const { proxy, exchange } = x.system();
    expect(
      (await revertOf(proxy.simulate.addAuthorizedAddress([exchange.address], { account: deployer }))).name,
    ).toBe('TargetAlreadyAuthorized');
    expect(
      (await revertOf(proxy.simulate.removeAuthorizedAddress([other], { account: deployer }))).name,
    ).toBe('TargetNotAuthorized');
  });

  test('removal swaps the last address into the gap and emits LogAuthorizedAddressRemoved', async () => {
    const { proxy, exchange, send } = x.system();
    await send(proxy.write.addAuthorizedAddress([other], { account: deployer }));
    await send(proxy.write.addAuthorizedAddress([feeRecipient], { account: deployer }));
    const receipt = await send(
      proxy.write.removeAuthorizedAddress([exchange.address], { account: deployer }),
    );
    const events = await proxy.getEvents.LogAuthorizedAddressRemoved({}, { blockHash: receipt.blockHash });
    expect(events.map((e) => e.args)).toEqual([{ target: exchange.address, caller: deployer }]);
    expect(await proxy.read.getAuthorizedAddresses()).toEqual([feeRecipient, other]);
    expect(await proxy.read.authorized([exchange.address])).toBe(false);
    await expect(proxy.read.authorities([2n])).rejects.toThrow();
    // Re-adding after removal works.
    await send(proxy.write.addAuthorizedAddress([exchange.address], { account: deployer }));
    expect(await proxy.read.getAuthorizedAddresses()).toEqual([feeRecipient, other, exchange.address]);
  });
});

describe('transferFrom', () => {
  test('only authorised callers may move tokens, the owner included', async () => {
    const { proxy, tokenA } = x.system();
    for (const account of [deployer, other]) {
      expect(
        (await revertOf(proxy.simulate.transferFrom([tokenA.address, maker, other, 1n], { account }))).name,
      ).toBe('NotAuthorized');
    }
  });

  test('an authorised caller moves approved tokens and gets the token’s true', async () => {
    const { proxy, tokenA, send } = x.system();
    await send(proxy.write.addAuthorizedAddress([other], { account: deployer }));
    expect(
      (await proxy.simulate.transferFrom([tokenA.address, maker, other, 5n], { account: other })).result,
    ).toBe(true);
    await send(proxy.write.transferFrom([tokenA.address, maker, other, 5n], { account: other }));
    expect(await tokenA.read.balanceOf([maker])).toBe(INITIAL_BALANCE - 5n);
    expect(await tokenA.read.balanceOf([other])).toBe(5n);
  });

  test('returns the token’s false without reverting', async () => {
    const { proxy, tokenA, send } = x.system();
    await send(proxy.write.addAuthorizedAddress([other], { account: deployer }));
    const { result } = await proxy.simulate.transferFrom([tokenA.address, other, maker, 1n], {
      account: other,
    });
    expect(result).toBe(false);
  });

  test('a reverting token reverts the call with the token’s error', async () => {
    const { proxy, weth, send } = x.system();
    await send(proxy.write.addAuthorizedAddress([other], { account: deployer }));
    await send(weth.write.deposit({ account: taker, value: parseEther('1') }));
    await send(weth.write.approve([proxy.address, maxUint256], { account: taker }));
    expect(
      (
        await revertOf(
          proxy.simulate.transferFrom([weth.address, taker, other, parseEther('2')], { account: other }),
        )
      ).name,
    ).toBe('InsufficientBalance');
    expect(
      (await proxy.simulate.transferFrom([weth.address, taker, other, parseEther('1')], { account: other }))
        .result,
    ).toBe(true);
  });

  test('a "token" without code reverts', async () => {
    const { proxy, send } = x.system();
    await send(proxy.write.addAuthorizedAddress([other], { account: deployer }));
    const revert = await revertOf(
      proxy.simulate.transferFrom([feeRecipient, maker, other, 1n], { account: other }),
    );
    expect(revert.name).toBeUndefined();
  });
});
