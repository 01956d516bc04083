import type { TokenRecord } from '@relayer/protocol';
import { isAddressText } from './marketPath';

/** What one token of a market link names: an address, the one verified token of a symbol, or neither. */
export type ResolvedMarketToken =
  | { kind: 'address'; address: string }
  | { kind: 'symbol'; address: string }
  | { kind: 'unknown'; matches: number };

/**
 * A market link's token (`/markets/REP/WETH`): an address as it is; a symbol only when exactly one
 * listed, verified token has it (exact spelling), since anyone can add a token with any symbol and a
 * link must not open a lookalike's market.
 */
export function resolveMarketToken(text: string, tokens: readonly TokenRecord[]): ResolvedMarketToken {
  if (isAddressText(text)) return { kind: 'address', address: text };
  const matches = tokens.filter((token) => token.verified && token.symbol === text);
  const [only] = matches;
  return matches.length === 1 && only
    ? { kind: 'symbol', address: only.address }
    : { kind: 'unknown', matches: matches.length };
}
