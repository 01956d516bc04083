import { parseWithSraErrors, type SraParseResult } from './parseWithSraErrors';
import { type SignedOrder, signedOrderSchema } from './signedOrderSchema';

/** Parses a submitted signed order (object or JSON text) into an SRA-shaped result. */
export function parseSignedOrder(input: unknown): SraParseResult<SignedOrder> {
  return parseWithSraErrors(signedOrderSchema, input);
}
