import type { TokenPrice, UsdPrice } from '@relayer/protocol';

/**
 * The USD prices the app shows, each with its provenance: tokens by lower-case address only (a symbol
 * never identifies a token), catalogue coins by catalogue symbol.
 */
export interface PriceBook {
  /** A price older than this is stale, whatever it said when it arrived. */
  maxAgeMs: number;
  tokens: Readonly<Record<string, TokenPrice>>;
  coins: Readonly<Record<string, UsdPrice>>;
}

/** The default age limit for prices the relayer did not judge (a directly read ticker): 15 minutes. */
export const DEFAULT_MAX_AGE_MS = 15 * 60_000;
