import { startAnvil } from '@relayer/contracts/anvil';
import { type Address, createTestClient, type Hex, http, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll } from 'vitest';

export interface FundedDeployer {
  rpcUrl: string;
  /** A fresh key, not one of the dev accounts, holding `ether` on the chain. */
  key: Hex;
  address: Address;
}

/**
 * An anvil on `chainId` for the tests of the enclosing describe, stopped after them, with a fresh key
 * funded on it: deploying from a key and chain that are not network 50's.
 */
export function useFundedDeployer(chainId: number, ether: string): () => FundedDeployer {
  let anvil: Awaited<ReturnType<typeof startAnvil>> | undefined;
  let deployer: FundedDeployer | undefined;
  beforeAll(async () => {
    anvil = await startAnvil({ port: 0, chainId, silent: true });
    const key = generatePrivateKey();
    const { address } = privateKeyToAccount(key);
    await createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) }).setBalance({
      address,
      value: parseEther(ether),
    });
    deployer = { rpcUrl: anvil.rpcUrl, key, address };
  });
  afterAll(() => anvil?.stop());
  return () => {
    if (!deployer) throw new Error('the anvil is not started yet');
    return deployer;
  };
}
