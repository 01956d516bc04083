/** The fields of a signed order, as a client posts them (v1 hash order, then the signature). */
const SIGNED_ORDER_FIELDS = [
  'exchangeContractAddress',
  'maker',
  'taker',
  'makerTokenAddress',
  'takerTokenAddress',
  'feeRecipient',
  'makerTokenAmount',
  'takerTokenAmount',
  'makerFee',
  'takerFee',
  'expirationUnixTimestampSec',
  'salt',
  'ecSignature',
] as const;

/** The JSON body a client posts for an order the relayer answered with `record` (or `record.order`). */
export function signedOrderText(record: Record<string, unknown>): string {
  const source = (record.order ?? record) as Record<string, unknown>;
  return JSON.stringify(Object.fromEntries(SIGNED_ORDER_FIELDS.map((f) => [f, source[f]])));
}
