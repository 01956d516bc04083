import dayjs, { type Dayjs } from 'dayjs';

/** SPEC §4: a new order expires by default at one hour ahead (time) on the next day (date). */
export function defaultExpiry(now: Dayjs = dayjs()): { date: Dayjs; time: Dayjs } {
  return { date: now.add(1, 'day').startOf('day'), time: now.add(1, 'hour').second(0).millisecond(0) };
}

/** The expiry the two pickers describe, in unix seconds (the date's day at the time's clock time, local). */
export function toExpirationSec(date: Dayjs, time: Dayjs): bigint {
  const moment = date.hour(time.hour()).minute(time.minute()).second(time.second()).millisecond(0);
  return BigInt(moment.unix());
}

/** The pickers' values for an order's expiry (take and cancel modes show it read-only). */
export function fromExpirationSec(seconds: string | bigint): { date: Dayjs; time: Dayjs } {
  const moment = dayjs.unix(Number(seconds));
  return { date: moment.startOf('day'), time: moment };
}
