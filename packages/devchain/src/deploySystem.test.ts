import { tokenRegistryArtifact, tokenTransferProxyArtifact } from '@relayer/contracts';
import { startAnvil } from '@relayer/contracts/anvil';
import { DEV_ACCOUNTS } from '@relayer/protocol';
import { type Address, createPublicClient, getContractAddress, http } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { useFundedDeployer } from '../test/useFundedDeployer.js';
import type { Deployment } from './Deployment.js';
import { deploySystem } from './deploySystem.js';
import { devAccounts } from './devAccounts.js';

type Anvil = Awaited<ReturnType<typeof startAnvil>>;

describe('on chain 50 from account 0', () => {
  let anvil: Anvil;
  let deployment: Deployment;
  const deployer = devAccounts(1)[0];

  beforeAll(async () => {
    anvil = await startAnvil({ port: 0, chainId: 50, silent: true });
    if (!deployer) throw new Error('no dev account');
    deployment = await deploySystem({
      rpcUrl: anvil.rpcUrl,
      deployerPrivateKey: deployer.privateKey,
      pollingInterval: 20,
    });
  });
  afterAll(() => anvil?.stop());

  test('derives the dev accounts of the 0x test mnemonic', () => {
    expect(devAccounts(10).map((a) => a.address)).toEqual([...DEV_ACCOUNTS]);
  });

  test("lands the five contracts on network 50's addresses (PROTOCOL.md §8.1)", () => {
    expect(deployment).toMatchObject({
      chainId: 50,
      exchange: '0x48bacb9266a570d521063ef5dd96e61686dbe788',
      tokenTransferProxy: '0x1dc4c1cefef38a777b15aa20260a54e584b16c48',
      zrx: '0x1d7022f5b17d2f8b695918fb48fa1089c9f85401',
      weth: '0x871dd7c2b4b25e1aa18728e9d5f2af4c4e431f5c',
      tokenRegistry: '0x0b1ba0af832d7c05fd64161e0db78e85978e8082',
    });
  });

  test('authorizes exactly the Exchange on the proxy, and the deployer stays owner', async () => {
    const client = createPublicClient({ transport: http(anvil.rpcUrl) });
    const proxy = { address: deployment.tokenTransferProxy, abi: tokenTransferProxyArtifact.abi } as const;
    const authorized = await client.readContract({ ...proxy, functionName: 'getAuthorizedAddresses' });
    expect(authorized.map((a) => a.toLowerCase())).toEqual([deployment.exchange]);
    expect(
      await client.readContract({ ...proxy, functionName: 'authorized', args: [deployment.exchange] }),
    ).toBe(true);
    expect((await client.readContract({ ...proxy, functionName: 'owner' })).toLowerCase()).toBe(
      DEV_ACCOUNTS[0],
    );
  });

  test('registers ZRX and WETH with 0x migration metadata', async () => {
    const client = createPublicClient({ transport: http(anvil.rpcUrl) });
    const registry = { address: deployment.tokenRegistry, abi: tokenRegistryArtifact.abi } as const;
    const addresses = await client.readContract({ ...registry, functionName: 'getTokenAddresses' });
    expect(addresses.map((a) => a.toLowerCase())).toEqual([deployment.zrx, deployment.weth]);
    // Network 50's ZRX and WETH, as 0x's snapshot registered them.
    for (const [address, name, symbol] of [
      ['0x1d7022f5b17d2f8b695918fb48fa1089c9f85401', '0x Protocol Token', 'ZRX'],
      ['0x871dd7c2b4b25e1aa18728e9d5f2af4c4e431f5c', 'Ether Token', 'WETH'],
    ] as const) {
      const entry = await client.readContract({
        ...registry,
        functionName: 'getTokenBySymbol',
        args: [symbol],
      });
      expect(entry.slice(0, 4)).toEqual([
        expect.stringMatching(new RegExp(`^${address}$`, 'i')),
        name,
        symbol,
        18,
      ]);
    }
    expect(deployment.tokens).toEqual([
      { address: deployment.zrx, name: '0x Protocol Token', symbol: 'ZRX', decimals: 18 },
      { address: deployment.weth, name: 'Ether Token', symbol: 'WETH', decimals: 18 },
    ]);
  });

  test('refuses a second deployment from account 0, whose addresses could no longer be canonical', async () => {
    if (!deployer) throw new Error('no dev account');
    await expect(
      deploySystem({ rpcUrl: anvil.rpcUrl, deployerPrivateKey: deployer.privateKey }),
    ).rejects.toThrow(/network 50's addresses/);
  });
});

describe('on another chain with another key', () => {
  const deployer = useFundedDeployer(1337, '10');

  test('deploys at the key’s own CREATE addresses, not network 50’s', async () => {
    const { rpcUrl, key, address } = deployer();

    const deployment = await deploySystem({
      rpcUrl,
      deployerPrivateKey: key,
      pollingInterval: 20,
    });

    const at = (nonce: number) =>
      getContractAddress({ from: address, nonce: BigInt(nonce) }).toLowerCase() as Address;
    expect(deployment).toMatchObject({
      chainId: 1337,
      tokenTransferProxy: at(0),
      zrx: at(1),
      weth: at(2),
      tokenRegistry: at(3),
      exchange: at(4),
    });
    expect(deployment.exchange).not.toBe('0x48bacb9266a570d521063ef5dd96e61686dbe788');
    const client = createPublicClient({ transport: http(rpcUrl) });
    const authorized = await client.readContract({
      address: deployment.tokenTransferProxy,
      abi: tokenTransferProxyArtifact.abi,
      functionName: 'authorized',
      args: [deployment.exchange],
    });
    expect(authorized).toBe(true);
  });
});
