import { tokenRegistryArtifact } from '@relayer/contracts';
import type { Token } from '@relayer/protocol';
import { type Address, createPublicClient, getContractAddress, http } from 'viem';
import type { Deployment } from './Deployment.js';

/**
 * Finds a system `deploySystem` already put on the chain from `deployer` (nonces `firstNonce` to
 * `firstNonce` + 4), e.g. in an anvil state file loaded with `--state`, and reads its tokens back from
 * the registry. Returns undefined on a chain where the deployer never deployed it.
 */
export async function findDeployment(
  rpcUrl: string,
  deployer: Address,
  firstNonce = 0,
): Promise<Deployment | undefined> {
  const client = createPublicClient({ transport: http(rpcUrl) });
  const at = (offset: number) =>
    getContractAddress({ from: deployer, nonce: BigInt(firstNonce + offset) }).toLowerCase() as Address;
  const core = { tokenTransferProxy: at(0), zrx: at(1), weth: at(2), tokenRegistry: at(3), exchange: at(4) };
  const code = await client.getCode({ address: core.exchange });
  if (!code || code === '0x') return undefined;

  const registry = { address: core.tokenRegistry, abi: tokenRegistryArtifact.abi } as const;
  const addresses = await client.readContract({ ...registry, functionName: 'getTokenAddresses' });
  const tokens: Token[] = [];
  for (const address of addresses) {
    const [, name, symbol, decimals] = await client.readContract({
      ...registry,
      functionName: 'getTokenMetaData',
      args: [address],
    });
    tokens.push({ address: address.toLowerCase() as Address, name, symbol, decimals });
  }
  return { chainId: await client.getChainId(), rpcUrl, ...core, tokens };
}
