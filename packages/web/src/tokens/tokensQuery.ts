import type { TokenRecord } from '@relayer/protocol';
import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from '../api/queryKeys';
import type { RelayerApi } from '../api/relayerApi';

/** The relayer's token list, sorted by name (SPEC §9), addresses lower-cased; shared by every reader. */
export function tokensQuery(api: RelayerApi, variantKey: string) {
  return queryOptions({
    queryKey: queryKeys.tokens(variantKey),
    queryFn: async (): Promise<TokenRecord[]> => {
      const tokens = await api.getTokens();
      return tokens
        .map((token) => ({ ...token, address: token.address.toLowerCase() as TokenRecord['address'] }))
        .sort((a, b) => a.name.localeCompare(b.name) || a.symbol.localeCompare(b.symbol));
    },
    staleTime: 60_000,
  });
}
