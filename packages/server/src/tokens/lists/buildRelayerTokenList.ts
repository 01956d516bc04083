import type { TokenRecord } from '@relayer/protocol';
import { getAddress } from 'viem';
import type { TokenList, TokenListEntry } from './TokenList.js';

export interface RelayerTokenListInput {
  /** The network's display name (configured), e.g. "Local" or "Kovan". */
  networkName: string;
  chainId: number;
  tokens: readonly TokenRecord[];
  /** When the list is made, as an ISO 8601 date-time. */
  timestamp: string;
}

// The token-lists schema's rules for a token's texts; a token whose texts break them is left out
// rather than making the whole list one that wallets refuse.
const NAME = /^[ \S]{1,60}$/u;
const SYMBOL = /^\S{1,20}$/u;

/**
 * The relayer's verified tokens as a token list (the Uniswap token-lists format) that wallets can
 * import, or undefined when there is none (the format needs at least one token). The minor version is
 * the number of tokens, so a wallet that compares versions sees an addition.
 */
export function buildRelayerTokenList(input: RelayerTokenListInput): TokenList | undefined {
  const tokens: TokenListEntry[] = input.tokens
    .filter((t) => t.verified && NAME.test(t.name) && SYMBOL.test(t.symbol) && t.decimals <= 255)
    .map((t) => ({
      chainId: input.chainId,
      address: getAddress(t.address),
      name: t.name,
      symbol: t.symbol,
      decimals: t.decimals,
    }));
  if (tokens.length === 0) return undefined;
  const networkWords = input.networkName.replace(/[^\w ]/g, '').trim() || 'network';
  return {
    name: `Relayer ${networkWords}`.slice(0, 30).trim(),
    timestamp: input.timestamp,
    version: { major: 1, minor: tokens.length, patch: 0 },
    tokens,
  };
}
