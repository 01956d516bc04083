import type { BatchCancelOutcome } from './decodeBatchCancel';

const REFUSED = { 0: 'it had expired', 1: 'nothing was left of it' } as const;

/** The result in a sentence: how many left the book, and why any did not. */
export function batchCancelSummary(outcome: BatchCancelOutcome, asked: number): string {
  const { cancelled, refused } = outcome;
  const orders = (n: number) => `${n} ${n === 1 ? 'order' : 'orders'}`;
  const head =
    cancelled.length === asked
      ? `${orders(asked)} cancelled in one transaction: ${asked === 1 ? 'it leaves' : 'they leave'} the book`
      : `${cancelled.length} of ${orders(asked)} cancelled in one transaction`;
  const reasons = refused.map(({ errorId }) =>
    errorId === 0 || errorId === 1 ? REFUSED[errorId] : 'the Exchange refused it',
  );
  const distinct = [...new Set(reasons)];
  const tail = refused.length > 0 ? `; ${orders(refused.length)} not cancelled (${distinct.join(', ')})` : '';
  return `${head}${tail}`;
}
