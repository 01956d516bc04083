/**
 * A token address short enough for a row yet hard to imitate: the first 8 characters (SPEC §9's short
 * form) and the last 4. A lookalike contract matching 6 leading hex digits takes ~16 million tries to
 * grind; matching 10 takes ~a trillion.
 */
export function trustAddress(address: string): string {
  const lower = address.toLowerCase();
  return lower.length <= 14 ? lower : `${lower.slice(0, 8)}…${lower.slice(-4)}`;
}
