import type { Hex } from '@relayer/protocol';
import { expect, test } from 'vitest';
import { logCancelLog, logErrorLog } from '../test/exchangeLogs';
import { EXCHANGE } from '../test/fixtures';
import { batchCancelSummary } from './batchCancelSummary';
import { decodeBatchCancel } from './decodeBatchCancel';

const hash = (digit: string) => `0x${digit.repeat(64)}` as Hex;
const tx = hash('b');

test('names the orders cancelled and the ones the Exchange refused, ignoring others', () => {
  const logs = [
    logCancelLog(EXCHANGE, hash('1'), 5n),
    logErrorLog(EXCHANGE, 0, hash('2')),
    logCancelLog(EXCHANGE, hash('3'), 7n),
    // Not asked about, and not from the Exchange.
    logCancelLog(EXCHANGE, hash('4'), 7n),
    logCancelLog('0x00000000000000000000000000000000000000aa', hash('1'), 1n),
  ];
  const outcome = decodeBatchCancel(logs, EXCHANGE, [hash('1'), hash('2'), hash('3')], tx);
  expect(outcome).toEqual({
    cancelled: [hash('1'), hash('3')],
    refused: [{ orderHash: hash('2'), errorId: 0 }],
    transactionHash: tx,
  });
  expect(batchCancelSummary(outcome, 3)).toBe(
    '2 of 3 orders cancelled in one transaction; 1 order not cancelled (it had expired)',
  );
});

test('all cancelled: they leave the book, in words for one', () => {
  const outcome = decodeBatchCancel([logCancelLog(EXCHANGE, hash('1'), 5n)], EXCHANGE, [hash('1')], tx);
  expect(batchCancelSummary(outcome, 1)).toBe('1 order cancelled in one transaction: it leaves the book');
});
