import { parseArgs } from 'node:util';
import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { Deployment } from '../Deployment.js';
import { deploymentPath } from '../deploymentPath.js';
import { deploySystem } from '../deploySystem.js';
import { registerTestTokens } from '../registerTestTokens.js';
import { writeDeployment } from '../writeDeployment.js';

export const DEPLOY_USAGE = `Usage: devchain deploy --rpc-url <url> [--private-key <0x...>] [--register-tokens] [--out <file>]

Deploys the 0x v1 core system (TokenTransferProxy, ZRXToken, WETH9, TokenRegistry, Exchange) to any
node, authorizes the Exchange and registers ZRX and WETH. The deployer stays owner of everything.
  --rpc-url          JSON-RPC endpoint; the chain id is read from it
  --private-key      deployer key; prefer the env variable DEPLOYER_PRIVATE_KEY (keeps it out of shell history)
  --register-tokens  also deploy and register the test tokens (REP, DGD, GNT, MKR, WBTC, USDC); no balances are seeded
  --out              deployment file (default packages/devchain/.data/deployment.<chainId>.json)`;

export async function deployCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      'rpc-url': { type: 'string' },
      'private-key': { type: 'string' },
      'register-tokens': { type: 'boolean', default: false },
      out: { type: 'string' },
    },
  });
  const rpcUrl = values['rpc-url'];
  if (!rpcUrl) throw new Error(`--rpc-url is required\n\n${DEPLOY_USAGE}`);
  const key = values['private-key'] ?? process.env.DEPLOYER_PRIVATE_KEY;
  // The message never echoes the value: a mistyped key is still mostly a key.
  if (!key) throw new Error('a deployer key is required: set DEPLOYER_PRIVATE_KEY or pass --private-key');
  if (!/^0x[0-9a-fA-F]{64}$/.test(key))
    throw new Error('the deployer key must be 0x followed by 64 hex characters');
  const deployerPrivateKey = key as Hex;

  console.log(
    `Deploying from ${privateKeyToAccount(deployerPrivateKey).address.toLowerCase()} to ${rpcUrl} ...`,
  );
  let deployment: Deployment = await deploySystem({ rpcUrl, deployerPrivateKey });
  if (values['register-tokens'])
    deployment = await registerTestTokens({ rpcUrl, deployerPrivateKey, deployment });
  const file = await writeDeployment(deployment, values.out ?? deploymentPath(deployment.chainId));

  console.log(`Deployed on chain ${deployment.chainId}:`);
  for (const key of ['exchange', 'tokenTransferProxy', 'zrx', 'weth', 'tokenRegistry'] as const) {
    console.log(`  ${key.padEnd(20)}${deployment[key]}`);
  }
  for (const token of deployment.tokens) console.log(`  token ${token.symbol.padEnd(14)}${token.address}`);
  console.log(`Deployment written to ${file}`);
  console.log(
    'The deployer owns the proxy and the registry; transfer ownership to a multisig for anything real.',
  );
}
