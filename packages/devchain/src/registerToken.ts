import { tokenRegistryArtifact } from '@relayer/contracts';
import type { Token } from '@relayer/protocol';
import type { Address } from 'viem';
import { confirm } from './confirm.js';
import type { WalletConnection } from './connectWallet.js';

/** Adds a token to the TokenRegistry (owner only). No IPFS/Swarm metadata exists for dev tokens. */
export async function registerToken(
  client: WalletConnection,
  registry: Address,
  token: Token,
): Promise<void> {
  const hash = await client.writeContract({
    address: registry,
    abi: tokenRegistryArtifact.abi,
    functionName: 'addToken',
    args: [token.address as Address, token.name, token.symbol, token.decimals, '0x', '0x'],
  });
  await confirm(client, hash, `TokenRegistry.addToken(${token.symbol})`);
}
