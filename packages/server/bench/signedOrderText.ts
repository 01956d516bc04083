import { signedOrderSchema } from '@relayer/protocol';

/** The fields of a signed order, as a client posts them (the schema's order). */
const SIGNED_ORDER_FIELDS = Object.keys(signedOrderSchema.shape);

/** The JSON body a client posts for an order the relayer answered with `record` (or `record.order`). */
export function signedOrderText(record: Record<string, unknown>): string {
  const source = (record.order ?? record) as Record<string, unknown>;
  return JSON.stringify(Object.fromEntries(SIGNED_ORDER_FIELDS.map((f) => [f, source[f]])));
}
