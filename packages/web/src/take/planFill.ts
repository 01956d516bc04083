import { getFillAmounts, type OrderRecord, type TokenRecord } from '@relayer/protocol';
import { baseUnits, formatExactAmount, parseAmountInput } from '../format/amounts';

export const NOTHING_LEFT_MESSAGE = 'Nothing is left to fill in this order';
export const ROUNDING_MESSAGE =
  'The contract would round this amount by more than 0.1% and refuse the fill: choose a larger or rounder amount';

/** The most a taker can fill now: what remains of the order, limited by the maker's funds. */
export function maxFillTakerAmount(order: OrderRecord): bigint {
  const remaining: bigint = baseUnits(order.remainingTakerTokenAmount);
  const fillable: bigint = baseUnits(order.fillableTakerTokenAmount);
  return fillable < remaining ? fillable : remaining;
}

/** The fill field's starting value: all that can be filled, exactly, in human units. */
export function defaultFillInput(order: OrderRecord, taker: Pick<TokenRecord, 'decimals'>): string {
  return formatExactAmount(maxFillTakerAmount(order), taker.decimals);
}

export type FillPlan =
  | {
      ok: true;
      fillTakerAmount: bigint;
      /** Maker tokens the taker receives: getPartialAmount floor, exactly as the contract. */
      receivedMakerAmount: bigint;
      /** ZRX the taker pays (0 without a fee recipient). */
      paidTakerFee: bigint;
    }
  | { ok: false; error: string };

/**
 * Reads the taker's partial fill amount (taker token, human units) and works out what the contract
 * would do with it. Amounts above the fillable maximum are refused rather than silently cut, and so is
 * an amount the contract would reject for rounding (PROTOCOL.md §4.3, LogError 2).
 */
export function planFill(
  order: OrderRecord,
  input: string,
  taker: Pick<TokenRecord, 'decimals' | 'symbol'>,
): FillPlan {
  const max = maxFillTakerAmount(order);
  if (max === 0n) return { ok: false, error: NOTHING_LEFT_MESSAGE };
  const parsed = parseAmountInput(input, taker.decimals, taker.symbol);
  if (parsed.error !== undefined) return { ok: false, error: parsed.error };
  if (parsed.value > max) {
    return {
      ok: false,
      error: `At most ${formatExactAmount(max, taker.decimals)} ${taker.symbol} can be filled`,
    };
  }
  const unavailable = baseUnits(order.takerTokenAmount) - baseUnits(order.remainingTakerTokenAmount);
  const amounts = getFillAmounts(order, parsed.value, unavailable);
  if (amounts.error === 'ROUNDING_ERROR_TOO_LARGE') return { ok: false, error: ROUNDING_MESSAGE };
  if (amounts.error) return { ok: false, error: NOTHING_LEFT_MESSAGE };
  return {
    ok: true,
    fillTakerAmount: amounts.filledTakerTokenAmount,
    receivedMakerAmount: amounts.filledMakerTokenAmount,
    paidTakerFee: amounts.paidTakerFee,
  };
}
