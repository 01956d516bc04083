/**
 * The wait before attempt `attempts + 1` after `attempts` failed ones: `baseMs` doubled per failure,
 * at most `capMs`, then drawn from its upper half (`random` in [0, 1)) so receivers coming back are
 * not hit by every relayer's retries at once.
 */
export function retryDelay(attempts: number, baseMs: number, capMs: number, random: () => number): number {
  const full = Math.min(capMs, baseMs * 2 ** Math.min(Math.max(attempts - 1, 0), 40));
  return Math.round(full / 2 + (full / 2) * random());
}
