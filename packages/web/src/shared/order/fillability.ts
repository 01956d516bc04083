import { type Fraction, formatPercent, type OrderRecord } from '@relayer/protocol';
import { baseUnits } from '../../format/amounts';

/** Whether, and how much of, an order the Exchange would fill now: the badge on each row of the book. */
export type Fillability =
  | { kind: 'full'; text: string; detail: string }
  | { kind: 'partial'; text: string; detail: string }
  | { kind: 'limited'; text: string; detail: string }
  | { kind: 'refused'; text: string; detail: string };

const STATE_REASON: Record<Exclude<OrderRecord['state'], 'open'>, string> = {
  filled: 'It is filled: nothing is left',
  cancelled: 'The maker cancelled it',
  expired: 'It has expired',
  unfunded: 'The maker’s balance or allowance no longer covers it',
};

/**
 * From the relayer's record (state, filled, cancelled, remaining and fillable amounts) and the chain's
 * clock: fully fillable, partly filled (with the share), limited by the maker's funds, or refused by
 * the Exchange with the reason (LogError 0 expired, 1 nothing left; a maker without funds fails with 3).
 */
export function fillability(order: OrderRecord, nowSec: bigint): Fillability {
  const refused = (detail: string): Fillability => ({ kind: 'refused', text: 'Would be refused', detail });
  if (order.state !== 'open') return refused(STATE_REASON[order.state]);
  if (nowSec >= baseUnits(order.expirationUnixTimestampSec))
    return refused('Expired by the chain’s clock: the Exchange refuses every fill');
  const total = baseUnits(order.takerTokenAmount);
  const remaining = baseUnits(order.remainingTakerTokenAmount);
  const fillable = baseUnits(order.fillableTakerTokenAmount);
  if (remaining === 0n || total === 0n) return refused('Nothing is left to fill');
  if (fillable === 0n) return refused('The maker’s balance or allowance covers none of it');
  const limited = fillable < remaining;
  const funds = limited
    ? ` The maker’s balance or allowance covers ${share({ numerator: fillable, denominator: remaining })}% of what is left.`
    : '';
  const filled = baseUnits(order.filledTakerTokenAmount);
  const cancelled = baseUnits(order.cancelledTakerTokenAmount);
  if (filled > 0n || cancelled > 0n) {
    const filledShare = share({ numerator: filled, denominator: total });
    const cancelledText =
      cancelled > 0n ? `, ${share({ numerator: cancelled, denominator: total })}% cancelled` : '';
    return {
      kind: 'partial',
      text:
        filled > 0n
          ? `Partly filled ${filledShare}%`
          : `Partly cancelled ${share({ numerator: cancelled, denominator: total })}%`,
      detail: `${filledShare}% filled${cancelledText}; ${share({ numerator: remaining, denominator: total })}% is left.${funds}`,
    };
  }
  if (limited) {
    const part = share({ numerator: fillable, denominator: total });
    return { kind: 'limited', text: `${part}% fillable`, detail: funds.trim() };
  }
  return { kind: 'full', text: 'Fully fillable', detail: 'The maker holds and has approved all of it' };
}

/** A share as a whole percentage that never reads 0 or 100 when it is neither. */
function share(part: Fraction): string {
  const text = formatPercent(part, 0);
  if (part.numerator > 0n && text === '0') return '<1';
  if (part.numerator < part.denominator && text === '100') return '>99';
  return text;
}
