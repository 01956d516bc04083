import { type Address, zeroAddress } from 'viem';
import { describe, expect, test } from 'vitest';
import { revertOf } from './helpers/reverts.js';
import { deployer, other } from './helpers/system.js';
import { useSystem } from './helpers/systemFixture.js';

const x = useSystem();

const EMPTY = [zeroAddress, '', '', 0, '0x', '0x'] as const;

async function add(
  token: Address,
  name: string,
  symbol: string,
  decimals = 18,
  ipfs: `0x${string}` = '0x',
  swarm: `0x${string}` = '0x',
) {
  const { registry, send } = x.system();
  return send(registry.write.addToken([token, name, symbol, decimals, ipfs, swarm], { account: deployer }));
}

describe('addToken', () => {
  test('registers a token, emits LogAddToken and answers every getter', async () => {
    const { registry, zrx } = x.system();
    const receipt = await add(zrx.address, '0x Protocol Token', 'ZRX', 18, '0x1234', '0xabcdef');
    const events = await registry.getEvents.LogAddToken({}, { blockHash: receipt.blockHash });
    expect(events.map((e) => e.args)).toEqual([
      {
        token: zrx.address,
        name: '0x Protocol Token',
        symbol: 'ZRX',
        decimals: 18,
        ipfsHash: '0x1234',
        swarmHash: '0xabcdef',
      },
    ]);
    const meta = [zrx.address, '0x Protocol Token', 'ZRX', 18, '0x1234', '0xabcdef'];
    expect(await registry.read.getTokenMetaData([zrx.address])).toEqual(meta);
    expect(await registry.read.getTokenByName(['0x Protocol Token'])).toEqual(meta);
    expect(await registry.read.getTokenBySymbol(['ZRX'])).toEqual(meta);
    expect(await registry.read.tokens([zrx.address])).toEqual(meta);
    expect(await registry.read.getTokenAddressBySymbol(['ZRX'])).toBe(zrx.address);
    expect(await registry.read.getTokenAddressByName(['0x Protocol Token'])).toBe(zrx.address);
    expect(await registry.read.getTokenAddresses()).toEqual([zrx.address]);
    expect(await registry.read.tokenAddresses([0n])).toBe(zrx.address);
  });

  test('unknown tokens, names and symbols read as all zero', async () => {
    const { registry, zrx } = x.system();
    expect(await registry.read.getTokenMetaData([zrx.address])).toEqual(EMPTY);
    expect(await registry.read.getTokenByName(['nope'])).toEqual(EMPTY);
    expect(await registry.read.getTokenBySymbol(['NOPE'])).toEqual(EMPTY);
    expect(await registry.read.getTokenAddressBySymbol(['NOPE'])).toBe(zeroAddress);
    expect(await registry.read.getTokenAddressByName(['nope'])).toBe(zeroAddress);
    expect(await registry.read.getTokenAddresses()).toEqual([]);
  });

  test('only the owner may add', async () => {
    const { registry, zrx } = x.system();
    const revert = await revertOf(
      registry.simulate.addToken([zrx.address, 'n', 's', 18, '0x', '0x'], { account: other }),
    );
    expect(revert.name).toBe('OnlyOwner');
  });

  test('refuses a registered token, the zero address, a used symbol and a used name (in that order)', async () => {
    const { registry, zrx, weth } = x.system();
    await add(zrx.address, 'Zed', 'ZRX');
    const attempt = async (token: Address, name: string, symbol: string) =>
      (
        await revertOf(
          registry.simulate.addToken([token, name, symbol, 18, '0x', '0x'], { account: deployer }),
        )
      ).name;
    expect(await attempt(zrx.address, 'Zed', 'ZRX')).toBe('TokenAlreadyExists');
    expect(await attempt(zeroAddress, 'Zed', 'ZRX')).toBe('NullAddress');
    expect(await attempt(weth.address, 'Zed', 'ZRX')).toBe('SymbolAlreadyExists');
    expect(await attempt(weth.address, 'Zed', 'WETH')).toBe('NameAlreadyExists');
    await registry.simulate.addToken([weth.address, 'Ether Token', 'WETH', 18, '0x', '0x'], {
      account: deployer,
    });
  });
});

describe('removeToken', () => {
  test('swap-and-pop, LogRemoveToken with the metadata, and the name and symbol become free', async () => {
    const { registry, zrx, weth, tokenA, send } = x.system();
    await add(zrx.address, 'Zed', 'ZRX');
    await add(weth.address, 'Ether Token', 'WETH', 18, '0x01');
    await add(tokenA.address, 'Token A', 'TKA');
    const receipt = await send(registry.write.removeToken([zrx.address, 0n], { account: deployer }));
    const events = await registry.getEvents.LogRemoveToken({}, { blockHash: receipt.blockHash });
    expect(events.map((e) => e.args)).toEqual([
      { token: zrx.address, name: 'Zed', symbol: 'ZRX', decimals: 18, ipfsHash: '0x', swarmHash: '0x' },
    ]);
    expect(await registry.read.getTokenAddresses()).toEqual([tokenA.address, weth.address]);
    expect(await registry.read.getTokenMetaData([zrx.address])).toEqual(EMPTY);
    expect(await registry.read.getTokenAddressBySymbol(['ZRX'])).toBe(zeroAddress);
    expect(await registry.read.getTokenAddressByName(['Zed'])).toBe(zeroAddress);
    await add(zrx.address, 'Zed', 'ZRX');
    expect(await registry.read.getTokenAddresses()).toEqual([tokenA.address, weth.address, zrx.address]);
  });

  test('requires the owner, a registered token and its index', async () => {
    const { registry, zrx, weth } = x.system();
    await add(zrx.address, 'Zed', 'ZRX');
    await add(weth.address, 'Ether Token', 'WETH');
    const attempt = async (token: Address, index: bigint, account: Address = deployer) =>
      revertOf(registry.simulate.removeToken([token, index], { account }));
    expect((await attempt(zrx.address, 0n, other)).name).toBe('OnlyOwner');
    expect((await attempt(other, 0n)).name).toBe('TokenDoesNotExist');
    expect((await attempt(zrx.address, 1n)).name).toBe('IndexMismatch');
    expect(await attempt(zrx.address, 5n)).toEqual({ name: 'Panic', args: [0x32n] });
  });
});

describe('setters', () => {
  test('setTokenName: renames, emits old and new, frees the old name', async () => {
    const { registry, zrx, send } = x.system();
    await add(zrx.address, 'Zed', 'ZRX');
    const receipt = await send(
      registry.write.setTokenName([zrx.address, '0x Protocol Token'], { account: deployer }),
    );
    const events = await registry.getEvents.LogTokenNameChange({}, { blockHash: receipt.blockHash });
    expect(events.map((e) => e.args)).toEqual([
      { token: zrx.address, oldName: 'Zed', newName: '0x Protocol Token' },
    ]);
    expect(await registry.read.getTokenAddressByName(['Zed'])).toBe(zeroAddress);
    expect(await registry.read.getTokenAddressByName(['0x Protocol Token'])).toBe(zrx.address);
    expect((await registry.read.getTokenMetaData([zrx.address]))[1]).toBe('0x Protocol Token');
  });

  test('setTokenSymbol: changes the symbol, emits old and new, frees the old symbol', async () => {
    const { registry, zrx, send } = x.system();
    await add(zrx.address, 'Zed', 'ZED');
    const receipt = await send(registry.write.setTokenSymbol([zrx.address, 'ZRX'], { account: deployer }));
    const events = await registry.getEvents.LogTokenSymbolChange({}, { blockHash: receipt.blockHash });
    expect(events.map((e) => e.args)).toEqual([{ token: zrx.address, oldSymbol: 'ZED', newSymbol: 'ZRX' }]);
    expect(await registry.read.getTokenAddressBySymbol(['ZED'])).toBe(zeroAddress);
    expect(await registry.read.getTokenAddressBySymbol(['ZRX'])).toBe(zrx.address);
  });

  test('setTokenIpfsHash and setTokenSwarmHash store the hashes and emit old and new', async () => {
    const { registry, zrx, send } = x.system();
    await add(zrx.address, 'Zed', 'ZRX', 18, '0xaa', '0xbb');
    const ipfs = await send(
      registry.write.setTokenIpfsHash([zrx.address, '0x1220ff'], { account: deployer }),
    );
    expect(
      (await registry.getEvents.LogTokenIpfsHashChange({}, { blockHash: ipfs.blockHash })).map((e) => e.args),
    ).toEqual([{ token: zrx.address, oldIpfsHash: '0xaa', newIpfsHash: '0x1220ff' }]);
    const swarm = await send(registry.write.setTokenSwarmHash([zrx.address, '0xcc'], { account: deployer }));
    expect(
      (await registry.getEvents.LogTokenSwarmHashChange({}, { blockHash: swarm.blockHash })).map(
        (e) => e.args,
      ),
    ).toEqual([{ token: zrx.address, oldSwarmHash: '0xbb', newSwarmHash: '0xcc' }]);
    expect(await registry.read.getTokenMetaData([zrx.address])).toEqual([
      zrx.address,
      'Zed',
      'ZRX',
      18,
      '0x1220ff',
      '0xcc',
    ]);
  });

  test('setters require the owner, a registered token and unused names/symbols', async () => {
    const { registry, zrx, weth } = x.system();
    await add(zrx.address, 'Zed', 'ZRX');
    await add(weth.address, 'Ether Token', 'WETH');
    const name = (a: readonly [Address, string], account: Address = deployer) =>
      revertOf(registry.simulate.setTokenName([...a], { account })).then((r) => r.name);
    const symbol = (a: readonly [Address, string], account: Address = deployer) =>
      revertOf(registry.simulate.setTokenSymbol([...a], { account })).then((r) => r.name);
    expect(await name([zrx.address, 'New'], other)).toBe('OnlyOwner');
    expect(await name([other, 'New'])).toBe('TokenDoesNotExist');
    expect(await name([zrx.address, 'Ether Token'])).toBe('NameAlreadyExists');
    expect(await symbol([zrx.address, 'NEW'], other)).toBe('OnlyOwner');
    expect(await symbol([other, 'NEW'])).toBe('TokenDoesNotExist');
    expect(await symbol([zrx.address, 'WETH'])).toBe('SymbolAlreadyExists');
    expect(
      (await revertOf(registry.simulate.setTokenIpfsHash([other, '0x01'], { account: deployer }))).name,
    ).toBe('TokenDoesNotExist');
    expect(
      (await revertOf(registry.simulate.setTokenSwarmHash([zrx.address, '0x01'], { account: other }))).name,
    ).toBe('OnlyOwner');
  });
});

describe('ownership', () => {
  test('Ownable v1: owner, transferOwnership, zero address ignored', async () => {
    const { registry, send } = x.system();
    expect(await registry.read.owner()).toBe(deployer);
    await send(registry.write.transferOwnership([zeroAddress], { account: deployer }));
    expect(await registry.read.owner()).toBe(deployer);
    await send(registry.write.transferOwnership([other], { account: deployer }));
    expect(await registry.read.owner()).toBe(other);
    expect(
      (await revertOf(registry.simulate.transferOwnership([deployer], { account: deployer }))).name,
    ).toBe('OnlyOwner');
  });
});
