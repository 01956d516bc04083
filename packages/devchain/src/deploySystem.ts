import {
  exchangeArtifact,
  tokenRegistryArtifact,
  tokenTransferProxyArtifact,
  weth9Artifact,
  zrxTokenArtifact,
} from '@relayer/contracts';
import { DEV_ACCOUNTS, type Token } from '@relayer/protocol';
import { type Address, getContractAddress, type Hex } from 'viem';
import { assertCanonicalAddresses } from './assertCanonicalAddresses.js';
import { confirm, confirmDeployment } from './confirm.js';
import { type ConnectOptions, connectWallet } from './connectWallet.js';
import type { CoreAddresses, Deployment } from './Deployment.js';
import { registerToken } from './registerToken.js';
import { type DeployerOption, resolveAccount } from './resolveAccount.js';

export type DeploySystemOptions = DeployerOption &
  ConnectOptions & {
    rpcUrl: string;
  };

/** 0x's migration order (PROTOCOL.md §8.3); the nonce of each deployment fixes its address. */
const ORDER = ['tokenTransferProxy', 'zrx', 'weth', 'tokenRegistry', 'exchange'] as const;

/**
 * Deploys TokenTransferProxy, ZRXToken, WETH9, TokenRegistry and Exchange(zrx, proxy) from the
 * deployer in 0x's order, authorizes the Exchange on the proxy and registers ZRX and WETH.
 *
 * 0x's migration also deployed a MultiSigWalletWithTimeLock and made it the proxy's owner. That step
 * is left out on purpose: seeding and token registration need the deployer to stay owner, and a
 * 2-of-2 multisig of public test keys protects nothing. An operator going live transfers ownership
 * (`transferOwnership`) to their own multisig afterwards.
 *
 * On chain 50 with account 0 of the 0x test mnemonic the five addresses must come out equal to
 * network 50's (PROTOCOL.md §8.1); anything else throws before or right after deploying.
 */
export async function deploySystem(options: DeploySystemOptions): Promise<Deployment> {
  const account = resolveAccount(options.deployerPrivateKey, options.account);
  const client = await connectWallet(options.rpcUrl, account, options);
  const chainId = client.chain.id;
  const firstNonce = await client.getTransactionCount({ address: account.address, blockTag: 'pending' });
  const predicted = predictAddresses(account.address, firstNonce);

  const canonical = chainId === 50 && account.address.toLowerCase() === DEV_ACCOUNTS[0];
  if (canonical && firstNonce !== 0) {
    throw new Error(
      `account 0 already sent ${firstNonce} transaction(s) on chain 50, so the contracts cannot land on ` +
        `network 50's addresses (PROTOCOL.md §8.1). Deploy to a fresh chain.`,
    );
  }
  if (canonical) assertCanonicalAddresses(predicted);

  // Each deployment is checked against its predicted address: a transaction sent concurrently from the
  // same key would shift every later address, and that must not go unnoticed.
  const land = async (key: (typeof ORDER)[number], what: string, send: () => Promise<Hex>) => {
    const address = await confirmDeployment(client, await send(), what);
    if (address !== predicted[key]) {
      throw new Error(
        `${what} landed at ${address}, not ${predicted[key]}: did the deployer send other transactions?`,
      );
    }
  };
  await land('tokenTransferProxy', 'TokenTransferProxy', () =>
    client.deployContract({
      abi: tokenTransferProxyArtifact.abi,
      bytecode: tokenTransferProxyArtifact.bytecode,
    }),
  );
  await land('zrx', 'ZRXToken', () =>
    client.deployContract({ abi: zrxTokenArtifact.abi, bytecode: zrxTokenArtifact.bytecode }),
  );
  await land('weth', 'WETH9', () =>
    client.deployContract({ abi: weth9Artifact.abi, bytecode: weth9Artifact.bytecode }),
  );
  await land('tokenRegistry', 'TokenRegistry', () =>
    client.deployContract({ abi: tokenRegistryArtifact.abi, bytecode: tokenRegistryArtifact.bytecode }),
  );
  await land('exchange', 'Exchange', () =>
    client.deployContract({
      abi: exchangeArtifact.abi,
      bytecode: exchangeArtifact.bytecode,
      args: [predicted.zrx, predicted.tokenTransferProxy],
    }),
  );

  const authorizeHash = await client.writeContract({
    address: predicted.tokenTransferProxy,
    abi: tokenTransferProxyArtifact.abi,
    functionName: 'addAuthorizedAddress',
    args: [predicted.exchange],
  });
  await confirm(client, authorizeHash, 'TokenTransferProxy.addAuthorizedAddress(exchange)');

  // Names as 0x's migration registered them (WETH9 itself says "Wrapped Ether").
  const tokens: Token[] = [
    { address: predicted.zrx, name: '0x Protocol Token', symbol: 'ZRX', decimals: 18 },
    { address: predicted.weth, name: 'Ether Token', symbol: 'WETH', decimals: 18 },
  ];
  for (const token of tokens) await registerToken(client, predicted.tokenRegistry, token);
  return { chainId, rpcUrl: options.rpcUrl, ...predicted, tokens };
}

function predictAddresses(from: Address, firstNonce: number): CoreAddresses {
  const entries = ORDER.map((key, i) => {
    const address = getContractAddress({ from, nonce: BigInt(firstNonce + i) }).toLowerCase() as Address;
    return [key, address] as const;
  });
  return Object.fromEntries(entries) as Record<(typeof ORDER)[number], Address>;
}
