/** An order hash as the order page names it: "0xcc57a8e1…797b" (its first 8 and last 4 hex digits). */
export function shortOrderHash(orderHash: string): string {
  return `${orderHash.slice(0, 10)}…${orderHash.slice(-4)}`;
}
