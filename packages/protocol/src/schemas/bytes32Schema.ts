import { z } from 'zod';
import type { Hex } from '../internal/hex';

export type { Hex } from '../internal/hex';

/**
 * 32 bytes of hex (order hashes, signature r and s). Either case is accepted, as in 0x's
 * `/ECSignatureParameter` and `/OrderHashSchema`, and normalised to lower case so that stored values
 * and comparisons have one spelling.
 */
export const bytes32Schema = z
  .templateLiteral(['0x', z.string().regex(/^[0-9a-fA-F]{64}$/)], {
    error: 'must be 32 bytes of hex: 0x followed by 64 characters 0-9 a-f',
  })
  .overwrite((value) => value.toLowerCase() as Hex);

/** The name other packages use for hash-like values; the same schema as `bytes32Schema`. */
export const hexSchema = bytes32Schema;
