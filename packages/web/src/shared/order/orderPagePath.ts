/** An order hash as the relayer answers it: 0x and 64 hex digits. */
export const ORDER_HASH_PATTERN = /^0x[0-9a-fA-F]{64}$/;

/** The app's page of one order (`/orders/:hash`), the hash lower-cased. */
export function orderPagePath(orderHash: string): string {
  return `/orders/${orderHash.toLowerCase()}`;
}

/** The order page's full address on this site: what a share link and its QR code carry. */
export function orderPageUrl(orderHash: string, origin: string = window.location.origin): string {
  return `${origin}${orderPagePath(orderHash)}`;
}
