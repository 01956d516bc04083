import { baseUnits } from '../../format/amounts';

export interface ExpiryText {
  /** "in 4 min", "in 2 h", "expired 3 min ago". */
  text: string;
  /** The full date and time, for a tooltip. */
  title: string;
  expired: boolean;
}

/** Beyond this (the year 275760) a Date cannot hold the moment: "never", as far as anyone will see. */
const MAX_DATE_SEC = 8_640_000_000_000n;

/**
 * An order's expiry against `nowSec`, the clock the Exchange judges it by (`block.timestamp >=
 * expiration` refuses every fill): relative in words, the full local date for a tooltip.
 */
export function expiryText(expirationUnixTimestampSec: string | bigint, nowSec: bigint): ExpiryText {
  const expiry = baseUnits(expirationUnixTimestampSec);
  if (expiry > MAX_DATE_SEC) return { text: 'never', title: `Unix time ${expiry}`, expired: false };
  const title = new Date(Number(expiry) * 1000).toLocaleString(undefined, {
    dateStyle: 'full',
    timeStyle: 'long',
  });
  const expired = nowSec >= expiry;
  const span = duration(expired ? nowSec - expiry : expiry - nowSec);
  return { text: expired ? `expired ${span} ago` : `in ${span}`, title, expired };
}

function duration(seconds: bigint): string {
  if (seconds < 60n) return `${seconds} s`;
  const minutes = seconds / 60n;
  if (minutes < 60n) return `${minutes} min`;
  const hours = minutes / 60n;
  if (hours < 48n) return `${hours} h`;
  const days = hours / 24n;
  return days < 730n ? `${days} d` : `${days / 365n} years`;
}
