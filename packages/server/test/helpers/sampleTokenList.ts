import type { TokenList, TokenListEntry } from '../../src/tokens/lists/TokenList.js';

/** A conforming token list for tests, with these entries. */
export function sampleTokenList(name: string, tokens: TokenListEntry[]): TokenList {
  return { name, timestamp: '2026-01-01T00:00:00.000Z', version: { major: 1, minor: 0, patch: 0 }, tokens };
}
