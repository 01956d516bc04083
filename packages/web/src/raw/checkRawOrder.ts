import { hashOrder, isValidSignature, parseSignedOrder, type SignedOrder } from '@relayer/protocol';

export type RawOrderCheck = { ok: true; order: SignedOrder } | { ok: false; errors: string[] };

/**
 * A pasted signed order, checked as the relayer will: the SRA schema field by field, then the signature
 * against the maker (PROTOCOL.md §3.3) and the exchange this relayer uses.
 */
export function checkRawOrder(text: string, exchange: string | undefined): RawOrderCheck {
  if (text.trim() === '') return { ok: false, errors: ['This field is required'] };
  const parsed = parseSignedOrder(text);
  if (!parsed.success) {
    if (parsed.malformedJson) return { ok: false, errors: ['Not valid JSON: paste the signed order object'] };
    return {
      ok: false,
      errors: parsed.errors.map(({ field, reason }) => (field ? `${field}: ${reason}` : reason)),
    };
  }
  const order = parsed.data;
  const errors: string[] = [];
  if (exchange && order.exchangeContractAddress !== exchange) {
    errors.push(`exchangeContractAddress: this relayer trades on ${exchange}`);
  }
  if (!isValidSignature(hashOrder(order), order.ecSignature, order.maker)) {
    errors.push('ecSignature: not a signature of this order by its maker');
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, order };
}
