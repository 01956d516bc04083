/** Unix seconds from 2009 (the first coins) on; anything else is not a price's time. */
const EARLIEST_SEC = 1_230_000_000;

/**
 * The time a source gives for a price (unix seconds, as a number's text or a JSON string), in unix ms,
 * never later than when it was fetched (a clock ahead of ours must not make a price look newer). A
 * missing or unreadable time counts as the fetch time: the source answered with it just now.
 */
export function quoteTime(value: unknown, fetchedAt: number): number {
  if (typeof value !== 'string' && typeof value !== 'number') return fetchedAt;
  const text = String(value).trim();
  if (!/^\d{1,12}$/.test(text)) return fetchedAt;
  const seconds = Number(text);
  return seconds < EARLIEST_SEC ? fetchedAt : Math.min(seconds * 1000, fetchedAt);
}
