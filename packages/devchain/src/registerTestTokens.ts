import { dummyTokenArtifact } from '@relayer/contracts';
import { type Token, toBaseUnits } from '@relayer/protocol';
import { confirmDeployment } from './confirm.js';
import { type ConnectOptions, connectWallet } from './connectWallet.js';
import type { Deployment } from './Deployment.js';
import { registerToken } from './registerToken.js';
import { type DeployerOption, resolveAccount } from './resolveAccount.js';
import { TEST_TOKENS, type TestTokenSpec } from './testTokens.js';

export type RegisterTestTokensOptions = DeployerOption &
  ConnectOptions & {
    rpcUrl: string;
    deployment: Deployment;
    tokens?: readonly TestTokenSpec[];
  };

/**
 * Deploys a DummyToken per spec (the deployer, as owner, gets `perAccount` of it and may `setBalance`
 * later) and registers it. Returns the deployment with the new tokens appended, in spec order.
 */
export async function registerTestTokens(options: RegisterTestTokensOptions): Promise<Deployment> {
  const account = resolveAccount(options.deployerPrivateKey, options.account);
  const client = await connectWallet(options.rpcUrl, account, options);
  const { deployment } = options;
  const added: Token[] = [];
  for (const spec of options.tokens ?? TEST_TOKENS) {
    const hash = await client.deployContract({
      abi: dummyTokenArtifact.abi,
      bytecode: dummyTokenArtifact.bytecode,
      args: [spec.name, spec.symbol, spec.decimals, toBaseUnits(spec.perAccount, spec.decimals)],
    });
    const address = await confirmDeployment(client, hash, `DummyToken ${spec.symbol}`);
    const token: Token = { address, name: spec.name, symbol: spec.symbol, decimals: spec.decimals };
    await registerToken(client, deployment.tokenRegistry, token);
    added.push(token);
  }
  return { ...deployment, tokens: [...deployment.tokens, ...added] };
}
