import type { NewOrderRow } from './OrderWriter.js';

/**
 * A batch's rows as the one `jsonb` parameter of the JSON-fed statements: an array of each row's values
 * in WRITE_COLUMNS order (null for null). One native `JSON.stringify` per batch, where a parameter per
 * value cost the pg client's serializer (a buffer writer call, a length and a string encoding each)
 * visible share of the relayer's CPU per 28-value row.
 */
export function rowsJson(rows: readonly NewOrderRow[]): string {
  const values = rows.map((row) => row.values);
  try {
    return JSON.stringify(values);
  } catch {
    // A bigint value (callers pass decimal strings, but pg takes bigints too).
    return JSON.stringify(values, (_, value) => (typeof value === 'bigint' ? value.toString() : value));
  }
}
