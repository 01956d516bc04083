import { z } from 'zod';
import { bytes32Schema } from './bytes32Schema';

/**
 * `{v, r, s}` as 0x.js emits it: v a JSON number 27 or 28 (the only values ecrecover accepts), r and s
 * 32-byte hex. Unknown keys are stripped (see `orderSchema`).
 */
export const ecSignatureSchema = z.object({
  v: z.literal([27, 28], { error: 'must be the number 27 or 28' }),
  r: bytes32Schema,
  s: bytes32Schema,
});

export type ECSignature = z.infer<typeof ecSignatureSchema>;
