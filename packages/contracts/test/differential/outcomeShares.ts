/** The outcomes the differential run must reach often enough for its agreement to mean something. */
export type OutcomeClass = 'fill' | 'LogError(0)' | 'LogError(1)' | 'LogError(2)' | 'LogError(3)' | 'revert';

/**
 * Each class's least share of the transactions a full run sends, about a third to a half of what the
 * generator's seeded runs reach, so a generator or model change that stops exercising one shows as a
 * failure, not as a quieter pass.
 */
export const MINIMUM_SHARES: Record<OutcomeClass, number> = {
  fill: 0.03,
  'LogError(0)': 0.03,
  'LogError(1)': 0.06,
  'LogError(2)': 0.02,
  'LogError(3)': 0.003,
  revert: 0.2,
};

/**
 * The share of transactions in each class, from the per-operation tally ("fill: LogFill + LogError(1)",
 * "cancel: revert (zero amount)"); a step that emits several events counts in each of their classes.
 */
export function outcomeShares(tally: ReadonlyMap<string, number>): Record<OutcomeClass, number> {
  let total = 0;
  const counts: Record<OutcomeClass, number> = {
    fill: 0,
    'LogError(0)': 0,
    'LogError(1)': 0,
    'LogError(2)': 0,
    'LogError(3)': 0,
    revert: 0,
  };
  for (const [outcome, count] of tally) {
    total += count;
    const result = outcome.slice(outcome.indexOf(':') + 1);
    if (result.includes('LogFill')) counts.fill += count;
    if (result.includes('revert')) counts.revert += count;
    for (const id of [0, 1, 2, 3] as const) {
      if (result.includes(`LogError(${id})`)) counts[`LogError(${id})`] += count;
    }
  }
  const shares = { ...counts };
  for (const key of Object.keys(shares) as OutcomeClass[])
    shares[key] = total === 0 ? 0 : counts[key] / total;
  return shares;
}
