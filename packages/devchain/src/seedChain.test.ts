import { tokenRegistryArtifact } from '@relayer/contracts';
import type { Token } from '@relayer/protocol';
import { type Address, createPublicClient, erc20Abi, http, maxUint256 } from 'viem';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { findDeployment } from './findDeployment.js';
import { type DevChain, startDevChain } from './startDevChain.js';

const E18 = 10n ** 18n;

// Written out rather than derived from TEST_TOKENS/SEED_AMOUNTS, so a changed constant fails here.
const EXPECTED_TOKENS = [
  { name: '0x Protocol Token', symbol: 'ZRX', decimals: 18, perAccount: 100_000n * E18 },
  { name: 'Ether Token', symbol: 'WETH', decimals: 18, perAccount: 100n * E18 },
  { name: 'Augur Reputation Token', symbol: 'REP', decimals: 18, perAccount: 10_000n * E18 },
  { name: 'Digix DAO Token', symbol: 'DGD', decimals: 9, perAccount: 5_000n * 10n ** 9n },
  { name: 'Golem Network Token', symbol: 'GNT', decimals: 18, perAccount: 1_000_000n * E18 },
  { name: 'MakerDAO', symbol: 'MKR', decimals: 18, perAccount: 1_000n * E18 },
  { name: 'Wrapped Bitcoin', symbol: 'WBTC', decimals: 8, perAccount: 100n * 10n ** 8n },
  { name: 'USD Coin', symbol: 'USDC', decimals: 6, perAccount: 1_000_000n * 10n ** 6n },
];

describe('a seeded dev chain', () => {
  let chain: DevChain;
  const client = () => createPublicClient({ transport: http(chain.rpcUrl) });

  beforeAll(async () => {
    chain = await startDevChain({ port: 0 });
  });
  afterAll(() => chain?.stop());

  test('the registry lists ZRX, WETH and the test tokens with their metadata, in that order', async () => {
    const registry = { address: chain.deployment.tokenRegistry, abi: tokenRegistryArtifact.abi } as const;
    const addresses = await client().readContract({ ...registry, functionName: 'getTokenAddresses' });
    const listed: Token[] = [];
    for (const address of addresses) {
      const [, name, symbol, decimals] = await client().readContract({
        ...registry,
        functionName: 'getTokenMetaData',
        args: [address],
      });
      listed.push({ address: address.toLowerCase() as Address, name, symbol, decimals });
    }
    expect(listed).toEqual(
      EXPECTED_TOKENS.map(({ perAccount: _, ...meta }, i) => ({ ...meta, address: listed[i]?.address })),
    );
    expect(chain.deployment.tokens).toEqual(listed);
  });

  test('the test tokens answer to their own name, symbol and decimals', async () => {
    for (const token of chain.deployment.tokens.slice(2)) {
      const erc20 = { address: token.address, abi: erc20Abi } as const;
      expect(await client().readContract({ ...erc20, functionName: 'symbol' })).toBe(token.symbol);
      expect(await client().readContract({ ...erc20, functionName: 'name' })).toBe(token.name);
      expect(await client().readContract({ ...erc20, functionName: 'decimals' })).toBe(token.decimals);
    }
  });

  test('accounts 1-5 hold exactly the seeded amount of every token', async () => {
    const holders = chain.accounts.slice(1, 6).map((a) => a.address);
    for (const [i, token] of chain.deployment.tokens.entries()) {
      for (const holder of holders) {
        const balance = await client().readContract({
          address: token.address,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [holder],
        });
        expect({ token: token.symbol, holder, balance }).toEqual({
          token: token.symbol,
          holder,
          balance: EXPECTED_TOKENS[i]?.perAccount,
        });
      }
    }
  });

  test('accounts 1-3 gave the proxy unlimited allowances for every token, 4-5 none', async () => {
    const proxy = chain.deployment.tokenTransferProxy;
    for (const token of chain.deployment.tokens) {
      for (const [index, expected] of [
        [1, maxUint256],
        [2, maxUint256],
        [3, maxUint256],
        [4, 0n],
        [5, 0n],
      ] as const) {
        const owner = chain.accounts[index]?.address as Address;
        const allowance = await client().readContract({
          address: token.address,
          abi: erc20Abi,
          functionName: 'allowance',
          args: [owner, proxy],
        });
        expect({ token: token.symbol, index, allowance }).toEqual({
          token: token.symbol,
          index,
          allowance: expected,
        });
      }
    }
    expect(chain.seeded.map((a) => [a.address, a.unlimitedAllowances])).toEqual(
      chain.accounts.slice(1, 6).map((a, i) => [a.address, i < 3]),
    );
  });

  test('WETH is backed: its total supply is the ETH the five accounts wrapped', async () => {
    const supply = await client().readContract({
      address: chain.deployment.weth,
      abi: erc20Abi,
      functionName: 'totalSupply',
    });
    expect(supply).toBe(500n * E18);
  });

  test('findDeployment reads the same deployment back from the chain', async () => {
    const deployer = chain.accounts[0]?.address as Address;
    expect(await findDeployment(chain.rpcUrl, deployer)).toEqual(chain.deployment);
    expect(await findDeployment(chain.rpcUrl, chain.accounts[9]?.address as Address)).toBeUndefined();
  });
});
