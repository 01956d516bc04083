import type { Address } from '@relayer/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { TokenMetadata } from '../../chain/readTokenMetadata.js';
import type { ListedToken } from './listedTokensForChain.js';

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
  return async (listed) => {
    const kept: ListedToken[] = [];
    for (const token of listed) {
      let meta = facts.get(token.address);
      if (!meta) {
        meta = await options.readTokenMetadata(token.address);
        // Only a token's answer is kept: an address without one may be deployed later.
        if (meta.isContract && meta.isErc20) facts.set(token.address, meta);
      }
      if (meta.isContract && meta.isErc20 && meta.decimals === token.decimals) kept.push(token);
      else
        options.log.warn(
          {
            network: options.network,
            token: token.address,
            lists: token.lists,
            chainDecimals: meta.decimals,
          },
          'token list entry skipped: the chain does not show an ERC20 token with its decimals',
        );
    }
    return kept;
  };
}
