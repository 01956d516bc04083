/** What one kept entry costs beyond its key and value: the Map slot, the entry object, the key's header. */
export const ENTRY_OVERHEAD_BYTES = 128;

/**
 * The memory a cached answer holds, without serialising it: a string's length (pages are ASCII JSON,
 * one byte a character), a Buffer's whole backing store (a small Buffer is a slice of an 8 KiB pool that
 * it keeps alive), a number's 8 bytes, and a plain object's own fields one level down (`{ body, link }`).
 */
export function cachedBytes(value: unknown): number {
  if (typeof value === 'string') return value.length;
  if (value instanceof Uint8Array) return value.buffer.byteLength;
  if (typeof value === 'object' && value !== null) {
    let bytes = 64;
    const fields = value as Record<string, unknown>;
    for (const name in fields) {
      const field = fields[name];
      if (typeof field === 'string') bytes += field.length;
      else if (field instanceof Uint8Array) bytes += field.buffer.byteLength;
      else bytes += 16;
    }
    return bytes;
  }
  return 16;
}
