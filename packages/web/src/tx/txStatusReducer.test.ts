import type { Hex } from 'viem';
import { describe, expect, test } from 'vitest';
import type { TxEvent, TxStatus } from './TxStatus';
import { REVERTED_ON_CHAIN, txStatusReducer } from './txStatusReducer';
import { txStatusText } from './txStatusText';

const first = `0x${'1'.repeat(64)}` as Hex;
const second = `0x${'2'.repeat(64)}` as Hex;
const third = `0x${'3'.repeat(64)}` as Hex;

const run = (...events: TxEvent[]): TxStatus => events.reduce(txStatusReducer, { phase: 'idle' });
const sent: TxEvent[] = [{ type: 'check' }, { type: 'ask' }, { type: 'sent', hash: first }];
/** The status of the first transaction once the wallet replaced it by the second, for `reason`. */
const replacedBySecond = (phase: string, reason: string) => ({
  phase,
  hash: second,
  replacement: { reason, replacedHash: first },
});

describe('txStatusReducer', () => {
  test('goes from the check through the wallet to pending and confirmed', () => {
    expect(run({ type: 'check' })).toEqual({ phase: 'checking' });
    expect(run({ type: 'check' }, { type: 'ask' })).toEqual({ phase: 'wallet' });
    expect(run(...sent)).toEqual({ phase: 'pending', hash: first });
    const confirmed = run(...sent, { type: 'mined', hash: first, success: true });
    expect(confirmed).toEqual({ phase: 'confirmed', hash: first });
    expect(txStatusText(confirmed)).toBe('Transaction confirmed');
  });

  test('a reverted receipt is a failure that says the fee was spent', () => {
    const failed = run(...sent, { type: 'mined', hash: first, success: false });
    expect(failed).toEqual({ phase: 'failed', reason: REVERTED_ON_CHAIN, hash: first });
    expect(txStatusText(failed)).toBe(`Transaction failed: ${REVERTED_ON_CHAIN}`);
  });

  test('a sped-up transaction is followed under its new hash to its confirmation', () => {
    const pending = run(...sent, { type: 'replaced', reason: 'repriced', hash: second });
    expect(pending).toEqual(replacedBySecond('pending', 'repriced'));
    expect(txStatusText(pending)).toMatch(/^Transaction sped up in your wallet: following the new/);
    // The receipt of the hash no longer followed changes nothing.
    expect(txStatusReducer(pending, { type: 'mined', hash: first, success: true })).toBe(pending);
    const confirmed = txStatusReducer(pending, { type: 'mined', hash: second, success: true });
    expect(confirmed).toEqual(replacedBySecond('confirmed', 'repriced'));
    expect(txStatusText(confirmed)).toBe('Transaction sped up in your wallet and confirmed');
  });

  test('a transaction cancelled in the wallet ends as not done, even though its replacement was mined', () => {
    const dropped = run(
      ...sent,
      { type: 'replaced', reason: 'cancelled', hash: second },
      { type: 'mined', hash: second, success: true },
    );
    expect(dropped).toEqual(replacedBySecond('dropped', 'cancelled'));
    expect(txStatusText(dropped)).toBe('Transaction cancelled in your wallet: this action was not done');
  });

  test('after two replacements the first hash is still the one replaced', () => {
    const status = run(
      ...sent,
      { type: 'replaced', reason: 'repriced', hash: second },
      { type: 'replaced', reason: 'repriced', hash: third },
    );
    expect(status).toEqual({
      phase: 'pending',
      hash: third,
      replacement: { reason: 'repriced', replacedHash: first },
    });
  });

  test('ignores events out of order', () => {
    expect(run({ type: 'sent', hash: first })).toEqual({ phase: 'idle' });
    expect(run({ type: 'replaced', reason: 'repriced', hash: second })).toEqual({ phase: 'idle' });
    expect(run({ type: 'check' }, { type: 'mined', hash: first, success: true })).toEqual({
      phase: 'checking',
    });
    const pending = run(...sent);
    expect(txStatusReducer(pending, { type: 'ask' })).toBe(pending);
    expect(txStatusReducer(pending, { type: 'replaced', reason: 'repriced', hash: first })).toBe(pending);
  });

  test('an error before sending fails without a hash; while pending it keeps the hash', () => {
    expect(run({ type: 'check' }, { type: 'error', reason: 'Your token balance is too low' })).toEqual({
      phase: 'failed',
      reason: 'Your token balance is too low',
    });
    expect(run(...sent, { type: 'error', reason: 'timed out' })).toEqual({
      phase: 'failed',
      reason: 'timed out',
      hash: first,
    });
  });

  test('a settled action starts again with the next check', () => {
    const confirmed = run(...sent, { type: 'mined', hash: first, success: true });
    expect(txStatusReducer(confirmed, { type: 'check' })).toEqual({ phase: 'checking' });
    expect(txStatusReducer(confirmed, { type: 'error', reason: 'late' })).toBe(confirmed);
    expect(txStatusReducer(confirmed, { type: 'reset' })).toEqual({ phase: 'idle' });
  });
});
