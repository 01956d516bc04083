import type { z } from 'zod';
import { ecSignatureSchema } from './ecSignatureSchema';
import { orderSchema } from './orderSchema';

/** An order plus the maker's `ecSignature` (0x's `/SignedOrder`). */
export const signedOrderSchema = orderSchema.extend({ ecSignature: ecSignatureSchema });

export type SignedOrder = z.infer<typeof signedOrderSchema>;
