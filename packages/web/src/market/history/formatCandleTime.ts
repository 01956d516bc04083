/** A candle's start (Unix seconds) as UTC text, `2026-12-02 07:45 UTC`; days alone for daily candles. */
export function formatCandleTime(start: number, seconds: number): string {
  const iso = new Date(start * 1000).toISOString();
  return seconds >= 86_400 ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}
