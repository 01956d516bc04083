import { z } from 'zod';
import { addressSchema } from './addressSchema';

/**
 * A tradable ERC20 as the relayer lists it. Name and symbol are trimmed and bounded so a submitted
 * token cannot push layout-breaking or oversized text into every client's token list; 36 decimals is
 * far beyond any real token and keeps 10^decimals comfortably inside uint256 arithmetic.
 */
export const tokenSchema = z.object({
  address: addressSchema,
  name: z
    .string({ error: 'must be a string' })
    .trim()
    .min(1, 'must not be empty')
    .max(64, 'must be at most 64 characters'),
  symbol: z
    .string({ error: 'must be a string' })
    .trim()
    .min(1, 'must not be empty')
    .max(16, 'must be at most 16 characters'),
  decimals: z
    .number({ error: 'must be a number' })
    .int('must be an integer')
    .min(0, 'must be between 0 and 36')
    .max(36, 'must be between 0 and 36'),
});

export type Token = z.infer<typeof tokenSchema>;
