import type { Address } from '@relayer/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { TokenMetadata } from '../../chain/readTokenMetadata.js';
import { createListedTokenCheck } from './createListedTokenCheck.js';
import type { TokenLists } from './createTokenLists.js';
import { type ListedToken, listedTokensForChain } from './listedTokensForChain.js';

export interface NetworkListedTokensOptions {
  lists: TokenLists | undefined;
  network: { key: string; chainId: number };
  readTokenMetadata: (address: Address) => Promise<TokenMetadata>;
  log: FastifyBaseLogger;
}

/** One network's entries of the operator's token lists that its chain confirms, for the registry sync. */
export function networkListedTokens(
  options: NetworkListedTokensOptions,
): (() => Promise<ListedToken[]>) | undefined {
  const { lists, network } = options;
  if (!lists) return undefined;
  const check = createListedTokenCheck({
    network: network.key,
    readTokenMetadata: options.readTokenMetadata,
    log: options.log,
  });
  return async () => check(listedTokensForChain(await lists.current(), network.chainId));
}
