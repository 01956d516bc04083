import { tokenRegistryArtifact } from '@relayer/contracts';
import { type Address, type Token, tokenSchema } from '@relayer/protocol';
import type { PublicClient } from 'viem';
import { ChainUnavailableError } from './ChainUnavailableError.js';

/**
 * Every token of a TokenRegistry (`getTokenAddresses` + `getTokenMetaData`, one block). Entries the
 * relayer's token schema refuses (empty or overlong name, decimals beyond 36) are left out rather than
 * failing the whole list.
 */
export async function readRegistryTokens(client: PublicClient, registry: Address): Promise<Token[]> {
  try {
    const blockNumber = await client.getBlockNumber({ cacheTime: 0 });
    const read = { address: registry, abi: tokenRegistryArtifact.abi, blockNumber } as const;
    const addresses = await client.readContract({ ...read, functionName: 'getTokenAddresses' });
    const entries = await Promise.all(
      addresses.map((token) =>
        client.readContract({ ...read, functionName: 'getTokenMetaData', args: [token] }),
      ),
    );
    const tokens: Token[] = [];
    for (const [address, name, symbol, decimals] of entries) {
      const parsed = tokenSchema.safeParse({
        address: address.toLowerCase(),
        name,
        symbol,
        decimals: Number(decimals),
      });
      if (parsed.success) tokens.push(parsed.data);
    }
    return tokens;
  } catch (error) {
    throw new ChainUnavailableError('token registry', error);
  }
}
