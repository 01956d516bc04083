import { findTokenMarket, knownCoins } from '@relayer/protocol';
import type { NetworkConfig } from '../config.js';
import type { TokenDirectory } from '../tokens/createTokenDirectory.js';
import type { ContractRef } from './PriceSource.js';

const knownMarkets = new Set(knownCoins.map((coin) => coin.market));

/**
 * The listed tokens a source should price by contract address: those no known market covers, i.e.
 * unverified tokens outside the known-coin table, and verified ones whose registry symbol is not a
 * market the relayer asks for by name, on the chains whose contracts the source can price.
 */
export async function listContractsToPrice(
  networks: readonly NetworkConfig[],
  tokens: Pick<TokenDirectory, 'list'>,
  chainIds: ReadonlySet<number>,
): Promise<ContractRef[]> {
  const lists = await Promise.all(
    networks
      .filter((network) => chainIds.has(network.chainId))
      .map(async (network) => ({ chainId: network.chainId, list: await tokens.list(network.key) })),
  );
  return lists.flatMap(({ chainId, list }) =>
    list
      .filter((token) => {
        const rule = findTokenMarket({ chainId, ...token });
        return !rule || !knownMarkets.has(rule.market);
      })
      .map((token) => ({ chainId, address: token.address, verified: token.verified })),
  );
}
