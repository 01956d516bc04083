import type { TxRequest } from './TxRequest';

/** A stable text for a request (a query key): bigints as decimal strings, the ABI left out. */
export function txRequestKey(request: TxRequest): string {
  const { address, functionName, args, value } = request;
  return JSON.stringify([address.toLowerCase(), functionName, args ?? [], value ?? 0n], (_key, item) =>
    typeof item === 'bigint' ? item.toString() : item,
  );
}
