import type { Dayjs } from 'dayjs';
import { toExpirationSec } from '../shared/order/expiry';

/**
 * A warning when the chosen expiry is already past by the chain's clock, which the Exchange judges it by
 * and which may run ahead of this computer's (a dev chain moved forward, a drifting chain): the order
 * could never be filled. Also when it falls within the relayer's margin, or beyond its expiry cap
 * (`maxSec`, 0 = none), either of which it refuses.
 * Undefined while the pickers are incomplete or the time is far enough ahead.
 */
export function chainExpiryWarning(
  date: Dayjs | null,
  time: Dayjs | null,
  chainNowSec: bigint,
  marginSec = 0,
  maxSec = 0,
): string | undefined {
  if (!date?.isValid() || !time?.isValid()) return undefined;
  const expiry = toExpirationSec(date, time);
  const chainTime = new Date(Number(chainNowSec) * 1000).toLocaleString();
  if (expiry <= chainNowSec) {
    return `This time is already past by the chain’s clock (it reads ${chainTime}): the order could never be filled`;
  }
  if (expiry < chainNowSec + BigInt(marginSec)) {
    return `This is less than ${marginSec} s ahead of the chain’s clock (it reads ${chainTime}): the relayer refuses orders that expire so soon`;
  }
  if (maxSec > 0 && expiry > chainNowSec + BigInt(maxSec)) {
    return `This is more than ${formatDays(maxSec)} ahead of the chain’s clock (it reads ${chainTime}): the relayer refuses orders that expire so late`;
  }
  return undefined;
}

const formatDays = (seconds: number) =>
  seconds % 86_400 === 0 ? `${seconds / 86_400} days` : `${seconds} s`;
