import { z } from 'zod';

/** An Ethereum address in the lower-case form SRA v0 and 0x's `/Address` schema require. */
export type Address = `0x${string}`;

export const NULL_ADDRESS: Address = '0x0000000000000000000000000000000000000000';

/** Also the classifier `parseWithSraErrors` uses to answer SRA code 1002 (invalid address). */
export const ADDRESS_MESSAGE =
  'must be a lower-case hex address: 0x followed by 40 characters 0-9 a-f (not checksummed)';

/**
 * Lower-case only, exactly as 0x's `/Address` schema: 0x.js compares recovered signers lower-case,
 * so accepting checksummed input here would let the same maker appear under two spellings.
 */
export const addressSchema = z.templateLiteral(['0x', z.string().regex(/^[0-9a-f]{40}$/)], {
  error: ADDRESS_MESSAGE,
});
