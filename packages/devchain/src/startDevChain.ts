import { startAnvil } from '@relayer/contracts/anvil';
import { createTestClient, http } from 'viem';
import type { Deployment } from './Deployment.js';
import { deploySystem } from './deploySystem.js';
import { type DevAccount, devAccounts } from './devAccounts.js';
import { findDeployment } from './findDeployment.js';
import { type SeedAccount, type SeededAccount, seedChain } from './seedChain.js';

export interface StartDevChainOptions {
  /** 0 picks a free port (what tests want); default 8545 like anvil itself. */
  port?: number;
  host?: string;
  chainId?: number;
  /** Deploy and fund the test tokens too (default true); false leaves only the core system. */
  seed?: boolean;
  /** Seed accounts and their allowance settings; default accounts 1-5, allowances for 1-3. */
  seedAccounts?: readonly SeedAccount[];
  /** Anvil state file, loaded on start and saved on stop; a system found in it is reused, not redeployed. */
  stateFile?: string;
  /** Let anvil's own log through to this process's output. */
  verbose?: boolean;
}

export interface DevChain {
  rpcUrl: string;
  chainId: number;
  deployment: Deployment;
  /** Accounts 0-9 of the 0x test mnemonic; 0 deployed and owns everything. */
  accounts: DevAccount[];
  /** True when the deployment came from the state file rather than from this start. */
  reused: boolean;
  /** The accounts this start funded (empty when reused or not seeded). */
  seeded: SeededAccount[];
  stop(): Promise<void>;
}

/**
 * Account 0's first nonce for the system on a chain other than 50. v1 order hashes carry no chain id, so a
 * second dev chain with the system at network 50's addresses would accept the same signed orders; from
 * this nonce on its five contracts land elsewhere, past any address account 0 creates on chain 50.
 */
export const OTHER_CHAIN_FIRST_NONCE = 1000;

/**
 * anvil + deploySystem + seedChain, the whole local chain in one call; stops anvil if any step fails. On
 * chain 50 the system is at network 50's addresses (PROTOCOL.md §8.1); on any other chain anvil first
 * moves account 0 to `OTHER_CHAIN_FIRST_NONCE`, so the two never share an Exchange.
 */
export async function startDevChain(options: StartDevChainOptions = {}): Promise<DevChain> {
  const anvil = await startAnvil({
    port: options.port ?? 8545,
    chainId: options.chainId ?? 50,
    silent: !options.verbose,
    ...(options.host ? { host: options.host } : {}),
    ...(options.stateFile ? { stateFile: options.stateFile } : {}),
  });
  try {
    const accounts = devAccounts(10);
    const [deployer] = accounts;
    if (!deployer) throw new Error('no dev accounts derived');
    const connect = { rpcUrl: anvil.rpcUrl, deployerPrivateKey: deployer.privateKey, pollingInterval: 20 };

    const chain = { rpcUrl: anvil.rpcUrl, chainId: anvil.chainId, accounts, stop: () => anvil.stop() };

    const firstNonce = anvil.chainId === 50 ? 0 : OTHER_CHAIN_FIRST_NONCE;
    const found = await findDeployment(anvil.rpcUrl, deployer.address, firstNonce);
    if (found) return { ...chain, deployment: found, reused: true, seeded: [] };
    if (firstNonce > 0) {
      const test = createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) });
      await test.setNonce({ address: deployer.address, nonce: firstNonce });
    }

    const deployment = await deploySystem(connect);
    if (options.seed === false) return { ...chain, deployment, reused: false, seeded: [] };
    const seeded = await seedChain({
      ...connect,
      deployment,
      ...(options.seedAccounts ? { accounts: options.seedAccounts } : {}),
    });
    return { ...chain, deployment: seeded.deployment, reused: false, seeded: seeded.accounts };
  } catch (error) {
    await anvil.stop();
    throw error;
  }
}
