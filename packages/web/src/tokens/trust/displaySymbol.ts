import type { TokenRecord } from '@relayer/protocol';
import { SYMBOL_MAX, safeTokenText } from './safeTokenText';

/** A token's symbol as plain text (field suffixes, labels, notices): clamped, hidden characters spelled out. */
export function displaySymbol(token: Pick<TokenRecord, 'symbol'>): string {
  return safeTokenText(token.symbol, SYMBOL_MAX).text;
}
