import { addressSchema, uint256StringSchema } from '@relayer/protocol';
import { z } from 'zod';

/** The inputs of the admin routes, each parsed with the SRA error shape (a coded 400 naming the field). */
/** Addresses in any case, stored and compared in lower case. */
const address = z.preprocess(
  (value) => (typeof value === 'string' ? value.toLowerCase() : value),
  addressSchema,
);

export function adminSchemas(networkKeys: readonly [string, ...string[]]) {
  const network = z.enum(networkKeys).default(networkKeys[0]);
  const limit = z.coerce.number().int().min(1).max(1000).default(20);
  return {
    address: z.object({ address }),
    networkQuery: z.object({ network }).strict(),
    listQuery: z.object({ network, limit }).strict(),
    auditQuery: z.object({ limit }).strict(),
    networkBody: z.object({ network }).strict(),
    feesBody: z
      .object({
        feeRecipient: address.optional(),
        makerFee: uint256StringSchema.optional(),
        takerFee: uint256StringSchema.optional(),
      })
      .strict()
      .refine((body) => Object.values(body).some((value) => value !== undefined), {
        message: 'must name at least one of feeRecipient, makerFee, takerFee',
      }),
  };
}
