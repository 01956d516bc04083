import type { Dayjs } from 'dayjs';
import { toExpirationSec } from '../shared/order/expiry';

/**
 * A warning when the chosen expiry is already past by the chain's clock, which the Exchange judges it by
 * and which may run ahead of this computer's (a dev chain moved forward, a drifting chain): the order
 * could never be filled and the relayer would refuse it. Undefined while the pickers are incomplete
 * or the time is still ahead.
 */
export function chainExpiryWarning(
  date: Dayjs | null,
  time: Dayjs | null,
  chainNowSec: bigint,
): string | undefined {
  if (!date?.isValid() || !time?.isValid()) return undefined;
  const expiry = toExpirationSec(date, time);
  if (expiry > chainNowSec) return undefined;
  const chainTime = new Date(Number(chainNowSec) * 1000).toLocaleString();
  return `This time is already past by the chain’s clock (it reads ${chainTime}): the order could never be filled`;
}
