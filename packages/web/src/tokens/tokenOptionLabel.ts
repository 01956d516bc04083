import type { TokenRecord } from '@relayer/protocol';

/** SPEC §2: options read 'name - symbol'. */
export function tokenOptionLabel(token: Pick<TokenRecord, 'name' | 'symbol'>): string {
  return `${token.name} - ${token.symbol}`;
}

/** Options sorted alphabetically by their label. */
export function sortTokenOptions<T extends Pick<TokenRecord, 'name' | 'symbol'>>(tokens: readonly T[]): T[] {
  return [...tokens].sort((a, b) => tokenOptionLabel(a).localeCompare(tokenOptionLabel(b)));
}
