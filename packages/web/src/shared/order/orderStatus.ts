import type { OrderRecord, Shortfall } from '@relayer/protocol';
import { userMessages } from '../../errors/userMessages';
import { baseUnits } from '../../format/amounts';
import { fillability, share } from './fillability';

export type OrderStatusTone = 'success' | 'info' | 'warning' | 'error' | 'default';

/** An order's state for its maker and its page: a short label, why, and what the maker lacks. */
export interface OrderStatus {
  /** 'Open', 'Partly filled 40%', 'Filled', 'Cancelled', 'Expired', 'Maker unfunded'. */
  label: string;
  /** Why, in a sentence (the relayer's fillability reason in words, and the chain's clock). */
  detail: string;
  tone: OrderStatusTone;
  /** Share of the taker amount filled, as a whole percentage ('<1', '>99' for the edges); undefined when 0. */
  filledPercent: string | undefined;
  /** What the maker lacks (balance or allowance), each with the missing amount in base units. */
  missing: MissingFunds[];
  /** Something is left that the maker can still cancel on chain (the Exchange refuses expired orders). */
  cancellable: boolean;
}

export interface MissingFunds extends Shortfall {
  missing: bigint;
}

/**
 * The relayer's state of an order (`state`, `reason`, `shortfalls`, amounts) read against the chain's
 * clock: an open order past its expiry already reads Expired, as the Exchange would judge it.
 */
export function orderStatus(order: OrderRecord, nowSec: bigint): OrderStatus {
  const total = baseUnits(order.takerTokenAmount);
  const filled = baseUnits(order.filledTakerTokenAmount);
  const remaining = baseUnits(order.remainingTakerTokenAmount);
  const filledPercent =
    filled > 0n && total > 0n ? share({ numerator: filled, denominator: total }) : undefined;
  const expired = nowSec >= baseUnits(order.expirationUnixTimestampSec);
  const missing = (order.shortfalls ?? [])
    .map((s) => ({ ...s, missing: baseUnits(s.required) - baseUnits(s.available) }))
    .filter((s) => s.missing > 0n);
  const live = order.state === 'open' || order.state === 'unfunded';
  const cancellable = live && remaining > 0n && !expired;
  const filledNote = filledPercent ? ` (${filledPercent}% filled)` : '';
  const base = { filledPercent, missing, cancellable };
  const status = (label: string, detail: string, tone: OrderStatusTone): OrderStatus => ({
    ...base,
    label,
    detail,
    tone,
  });

  if (live && expired) {
    return status(
      `Expired${filledNote}`,
      'It has expired by the chain’s clock: the Exchange refuses every fill and cancel.',
      'default',
    );
  }
  switch (order.state) {
    case 'open': {
      const fill = fillability(order, nowSec);
      return status(
        filledPercent ? `Partly filled ${filledPercent}%` : fill.kind === 'limited' ? fill.text : 'Open',
        fill.detail,
        fill.kind === 'limited' ? 'warning' : fill.kind === 'partial' ? 'info' : 'success',
      );
    }
    case 'filled':
      return status('Filled', 'Nothing is left: it was filled.', 'default');
    case 'cancelled':
      return status(`Cancelled${filledNote}`, 'The maker cancelled what was left on chain.', 'default');
    case 'expired':
      return status(`Expired${filledNote}`, 'It has expired: the Exchange refuses every fill.', 'default');
    case 'unfunded':
      return status(
        'Maker unfunded',
        `${order.reason ? userMessages[order.reason] : 'The maker’s balance or allowance no longer covers it'}: the public book hides it until the maker’s funds cover it again.`,
        'warning',
      );
  }
}
