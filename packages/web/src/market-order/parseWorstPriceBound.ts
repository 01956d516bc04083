import type { Fraction } from '@relayer/protocol';

/** The bound the form starts with: 1 % from the best price. */
export const DEFAULT_BOUND_PERCENT = '1';
const PLACES = 2;

export type BoundInput = { bound: Fraction; error?: undefined } | { bound?: undefined; error: string };

/**
 * The worst price the trader accepts, typed as a percentage from the best price ("1", "0.25"), as an
 * exact fraction of one (1 % -> 1/100). Zero accepts only the best price; 100 % or more is no bound.
 */
export function parseWorstPriceBound(text: string): BoundInput {
  const trimmed = text.trim().replace(/\s*%$/, '');
  const match = /^(\d{1,3})(?:\.(\d*))?$/.exec(trimmed);
  if (!match) return { error: 'Enter a percentage such as 1 or 0.5' };
  const fraction = match[2] ?? '';
  if (fraction.length > PLACES) return { error: `At most ${PLACES} decimal places` };
  const units = BigInt(`${match[1]}${fraction.padEnd(PLACES, '0')}`);
  if (units >= 100n * 10n ** BigInt(PLACES)) return { error: 'Enter less than 100 %' };
  return { bound: { numerator: units, denominator: 100n * 10n ** BigInt(PLACES) } };
}
