import type { Address } from '@relayer/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { TokenMetadata } from '../../chain/readTokenMetadata.js';
import type { ListedToken } from './listedTokensForChain.js';

/** Token contracts asked about at once. */
const CHECKS_AT_ONCE = 20;

export interface ListedTokenCheckOptions {
  network: string;
  readTokenMetadata: (address: Address) => Promise<TokenMetadata>;
  log: FastifyBaseLogger;
}

/**
 * A list vouches for a token, but the chain says what it is: an entry is kept only where a contract
 * answers ERC20 calls with the list's decimals. A contract's answer is remembered (its code cannot
 * change its decimals under a list), so each token is asked once per process; a failing node throws.
 */
export function createListedTokenCheck(
  options: ListedTokenCheckOptions,
): (listed: readonly ListedToken[]) => Promise<ListedToken[]> {
  const facts = new Map<string, TokenMetadata>();
  const factsOf = async (address: Address): Promise<TokenMetadata> => {
    const known = facts.get(address);
    if (known) return known;
    const meta = await options.readTokenMetadata(address);
    // Only a token's answer is kept: an address without one may be deployed later.
    if (meta.isContract && meta.isErc20) facts.set(address, meta);
    return meta;
  };
  return async (listed) => {
    const kept: ListedToken[] = [];
    // A few at a time, so the node's batcher joins their calls without one sync flooding it.
    for (let start = 0; start < listed.length; start += CHECKS_AT_ONCE) {
      const chunk = listed.slice(start, start + CHECKS_AT_ONCE);
      const metas = await Promise.all(chunk.map((token) => factsOf(token.address)));
      chunk.forEach((token, i) => {
        const meta = metas[i];
        if (meta?.isContract && meta.isErc20 && meta.decimals === token.decimals) kept.push(token);
        else
          options.log.warn(
            {
              network: options.network,
              token: token.address,
              lists: token.lists,
              chainDecimals: meta?.decimals,
            },
            'token list entry skipped: the chain does not show an ERC20 token with its decimals',
          );
      });
    }
    return kept;
  };
}
