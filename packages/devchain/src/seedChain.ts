import { dummyTokenArtifact, weth9Artifact, zrxTokenArtifact } from '@relayer/contracts';
import { toBaseUnits } from '@relayer/protocol';
import { type Address, erc20Abi, type Hex, maxUint256 } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { confirm } from './confirm.js';
import { type ConnectOptions, connectWallet, type WalletConnection } from './connectWallet.js';
import type { Deployment } from './Deployment.js';
import { devAccounts } from './devAccounts.js';
import { registerTestTokens } from './registerTestTokens.js';
import { type DeployerOption, resolveAccount } from './resolveAccount.js';
import { SEED_AMOUNTS } from './seedAmounts.js';
import { TEST_TOKENS, type TestTokenSpec } from './testTokens.js';

export interface SeedAccount {
  privateKey: Hex;
  /** Approve the TokenTransferProxy for 2^256-1 of every registered token, as 0x.js's "unlimited" did. */
  unlimitedAllowances: boolean;
}

export interface SeededAccount extends SeedAccount {
  address: Address;
}

export type SeedChainOptions = DeployerOption &
  ConnectOptions & {
    rpcUrl: string;
    /** A deployment from `deploySystem` whose owner is the deployer given here. */
    deployment: Deployment;
    tokens?: readonly TestTokenSpec[];
    /** Defaults to `defaultSeedAccounts()`: accounts 1-5, allowances set for 1-3 only. */
    accounts?: readonly SeedAccount[];
  };

export interface SeedResult {
  deployment: Deployment;
  accounts: SeededAccount[];
}

/**
 * Accounts 1-5 of the 0x test mnemonic. 4 and 5 get no allowances so the web app's "Enable" step
 * has someone to be exercised by.
 */
export function defaultSeedAccounts(): SeedAccount[] {
  return devAccounts(6)
    .slice(1)
    .map(({ privateKey }, i) => ({ privateKey, unlimitedAllowances: i < 3 }));
}

/**
 * Deploys and registers the test tokens, then gives every seed account its test tokens (the owner's
 * `setBalance`, so re-seeding sets rather than adds), ZRX from the deployer, WETH wrapped from its
 * own ETH and, where asked, unlimited proxy allowances for every registered token.
 */
export async function seedChain(options: SeedChainOptions): Promise<SeedResult> {
  const deployer = resolveAccount(options.deployerPrivateKey, options.account);
  const specs = options.tokens ?? TEST_TOKENS;
  const deployment = await registerTestTokens({ ...options, tokens: specs });
  const seeds = options.accounts ?? defaultSeedAccounts();
  const accounts = seeds.map((seed) => ({
    ...seed,
    address: privateKeyToAccount(seed.privateKey).address.toLowerCase() as Address,
  }));

  // Different senders have independent nonces, so the owner's funding and each account's own
  // wrapping and approving run side by side; each sender still waits for its own transactions.
  const owner = await connectWallet(options.rpcUrl, deployer, options);
  await Promise.all([
    fund(owner, deployment, specs, accounts),
    ...accounts.map(async (seed) => {
      const wallet = await connectWallet(options.rpcUrl, privateKeyToAccount(seed.privateKey), options);
      await wrapAndApprove(wallet, deployment, seed.unlimitedAllowances);
    }),
  ]);
  return { deployment, accounts };
}

/** The owner sets each account's test-token balances and sends it ZRX. */
async function fund(
  owner: WalletConnection,
  deployment: Deployment,
  specs: readonly TestTokenSpec[],
  accounts: readonly SeededAccount[],
): Promise<void> {
  for (const { address } of accounts) {
    for (const spec of specs) {
      // The registry enforces unique symbols, so the symbol finds exactly the token just deployed.
      const token = deployment.tokens.find((t) => t.symbol === spec.symbol);
      if (!token) throw new Error(`${spec.symbol} is missing from the deployment`);
      const hash = await owner.writeContract({
        address: token.address,
        abi: dummyTokenArtifact.abi,
        functionName: 'setBalance',
        args: [address, toBaseUnits(spec.perAccount, spec.decimals)],
      });
      await confirm(owner, hash, `${token.symbol}.setBalance`);
    }
    const hash = await owner.writeContract({
      address: deployment.zrx,
      abi: zrxTokenArtifact.abi,
      functionName: 'transfer',
      args: [address, toBaseUnits(SEED_AMOUNTS.zrx, 18)],
    });
    await confirm(owner, hash, 'ZRX.transfer');
  }
}

/** The account wraps ETH into WETH and, if asked, approves the proxy for every registered token. */
async function wrapAndApprove(
  wallet: WalletConnection,
  deployment: Deployment,
  approve: boolean,
): Promise<void> {
  const deposit = await wallet.writeContract({
    address: deployment.weth,
    abi: weth9Artifact.abi,
    functionName: 'deposit',
    value: toBaseUnits(SEED_AMOUNTS.weth, 18),
  });
  await confirm(wallet, deposit, 'WETH.deposit');
  if (!approve) return;
  for (const token of deployment.tokens) {
    const hash = await wallet.writeContract({
      address: token.address,
      abi: erc20Abi,
      functionName: 'approve',
      args: [deployment.tokenTransferProxy, maxUint256],
    });
    await confirm(wallet, hash, `${token.symbol}.approve(proxy)`);
  }
}
