/**
 * A string of its own. The substrings `split` returns point into the whole text (V8's sliced strings),
 * so one kept by the model (a hash, the first copy of an address) would keep the whole chunk's text
 * alive; a JSON round trip makes a flat copy of any string.
 */
export const own = (text: string): string => JSON.parse(JSON.stringify(text)) as string;

const ZERO = 0n;

/** Zero, and a fillable amount equal to the whole order, share one bigint with the order's other fields. */
export function amount(text: string, whole?: bigint): bigint {
  if (text === '0') return ZERO;
  const value = BigInt(text);
  return value === whole ? whole : value;
}

/** The stored JSON text of the shortfalls, normalised as JSON.stringify writes it. */
export function shortfallsText(json: string): string {
  return json === '[]' ? '[]' : JSON.stringify(JSON.parse(json));
}

/** v as packSignature writes it: the byte's two hex digits. */
export const V_HEX = Array.from({ length: 256 }, (_, v) => v.toString(16).padStart(2, '0'));

/** Whether text[from, to) is hex digits only (either case). */
export function isHex(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i) | 32; // upper case to lower, digits unchanged
    if (!((c >= 48 && c <= 57) || (c >= 97 && c <= 102))) return false;
  }
  return true;
}

/** Whether text[a, a + length) and text[b, b + length) hold the same characters. */
export function sameText(text: string, a: number, b: number, length: number): boolean {
  for (let i = 0; i < length; i++) if (text.charCodeAt(a + i) !== text.charCodeAt(b + i)) return false;
  return true;
}

/**
 * A flat string of its own with the text of [from, to) (see `own`). V8 shares a substring of 13 or more
 * characters with its source; joined from two halves and lower-cased, it is copied once (flattened) and
 * comes back as that copy when nothing was upper case (every hex text the relayer writes). Otherwise, or
 * if anything changed, `own`: the text exactly as stored.
 */
export function copyOf(text: string, from: number, to: number): string {
  const slice = text.slice(from, to);
  if (to - from < 13) return slice;
  const middle = (from + to) >>> 1;
  const copy = (text.slice(from, middle) + text.slice(middle, to)).toLowerCase();
  return copy === slice ? copy : own(slice);
}

/**
 * The value of the decimal digits at [from, to) when there are 1 to 15 of them (exact as a number),
 * read without a substring; -1 otherwise (the caller reads the substring).
 */
export function smallDecimalAt(text: string, from: number, to: number): number {
  if (to - from > 15 || to === from) return -1;
  let value = 0;
  for (let i = from; i < to; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/** A small integer's decimal text at [from, to) (a version, a timestamp, v): Number() of it. */
export function numberAt(text: string, from: number, to: number): number {
  const value = smallDecimalAt(text, from, to);
  return value < 0 ? Number(text.slice(from, to)) : value;
}

/** An amount's decimal text at [from, to): zero is the shared one. */
export function bigintAt(text: string, from: number, to: number): bigint {
  const value = smallDecimalAt(text, from, to);
  if (value < 0) return BigInt(text.slice(from, to));
  return value === 0 ? ZERO : BigInt(value);
}
