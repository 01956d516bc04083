/**
 * SPEC §9 "Addresses shortened to 8 characters": the first 8 characters of the lower-case address
 * ('0x' and 6 hex digits) followed by an ellipsis, e.g. 0x5409ed…; used everywhere an address is shown.
 */
export function shortenAddress(address: string): string {
  const lower = address.toLowerCase();
  return lower.length <= 8 ? lower : `${lower.slice(0, 8)}…`;
}
