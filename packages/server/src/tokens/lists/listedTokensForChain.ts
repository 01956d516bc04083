import type { Address } from '@relayer/protocol';
import type { LoadedTokenList } from './createTokenLists.js';

/** A token some of the operator's lists name for one chain, with the first list's metadata. */
export interface ListedToken {
  address: Address;
  name: string;
  symbol: string;
  decimals: number;
  /** The names of every list that has it, in the configured order. */
  lists: string[];
}

/** Most entries taken per chain: each is checked on the chain at every sync. */
export const MAX_LISTED_TOKENS = 2000;

/** The entries of the lists for `chainId`, one per address (lower-cased), in list order. */
export function listedTokensForChain(lists: readonly LoadedTokenList[], chainId: number): ListedToken[] {
  const byAddress = new Map<string, ListedToken>();
  for (const { list } of lists) {
    for (const entry of list.tokens) {
      if (entry.chainId !== chainId || !/^0x[0-9a-fA-F]{40}$/.test(entry.address)) continue;
      const address = entry.address.toLowerCase() as Address;
      const known = byAddress.get(address);
      if (known) {
        if (!known.lists.includes(list.name)) known.lists.push(list.name);
      } else if (byAddress.size < MAX_LISTED_TOKENS) {
        const { name, symbol, decimals } = entry;
        byAddress.set(address, { address, name, symbol, decimals, lists: [list.name] });
      }
    }
  }
  return [...byAddress.values()];
}
