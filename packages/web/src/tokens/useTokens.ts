import type { TokenRecord } from '@relayer/protocol';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useRelayerApi } from '../api/useRelayerApi';
import { useVariant } from '../config/useVariant';
import { tokensQuery } from './tokensQuery';

export interface TokensState {
  /** Sorted by name (SPEC §9), addresses lower-cased. */
  tokens: TokenRecord[];
  /** Keyed by lower-case address. */
  byAddress: Map<string, TokenRecord>;
  isLoading: boolean;
  error: unknown;
}

export function useTokens(): TokensState {
  const api = useRelayerApi();
  const variant = useVariant();
  const query = useQuery(tokensQuery(api, variant.key));
  const tokens = query.data ?? emptyTokens;
  const byAddress = useMemo(() => new Map(tokens.map((token) => [token.address, token])), [tokens]);
  return { tokens, byAddress, isLoading: query.isLoading, error: query.error };
}

const emptyTokens: TokenRecord[] = [];
