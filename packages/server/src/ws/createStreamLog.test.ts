import { wsStreamChangeSchema } from '@relayer/protocol';
import { expect, test } from 'vitest';
import { sampleOrderRecord } from '../../test/helpers/sampleOrderRecord.js';
import type { OrderEvent } from '../events/BookEvents.js';
import { createStreamLog } from './createStreamLog.js';

const added = (i: number): OrderEvent => ({
  type: 'added',
  network: 'main',
  order: sampleOrderRecord({ orderHash: `0x${i.toString(16).padStart(64, '0')}`, salt: String(i) }),
});

test('numbers every change by one and keeps only the last `size` of them', () => {
  const log = createStreamLog(3);
  expect(log.sequence).toBe(0);
  expect(log.holdsAfter(0)).toBe(true);
  for (let i = 1; i <= 5; i++) expect(log.append(added(i)).sequence).toBe(i);
  expect(log.sequence).toBe(5);
  expect([1, 2, 3, 4, 5, 6].map((at) => log.at(at)?.sequence)).toEqual([
    undefined,
    undefined,
    3,
    4,
    5,
    undefined,
  ]);
  // A client at 2 needs 3, 4 and 5, all held; one at 1 would need 2, which is gone.
  expect([0, 1, 2, 5, 6].map((since) => log.holdsAfter(since))).toEqual([false, false, true, true, false]);
});

test('a reset starts a new epoch at 0 and forgets every change', () => {
  const log = createStreamLog(4);
  const before = log.epoch;
  log.append(added(1));
  log.reset();
  expect(log.epoch).not.toBe(before);
  expect(log.epoch).toMatch(/^[0-9a-z-]{1,64}$/);
  expect(log.sequence).toBe(0);
  expect(log.at(1)).toBeUndefined();
  expect(log.append(added(2)).sequence).toBe(1);
});

test('a frame is the JSON of its message, valid by the protocol, with the epoch and sequence', () => {
  const log = createStreamLog(2);
  const entry = log.append(added(7));
  const message = JSON.parse(log.frame(entry, 42).toString());
  expect(wsStreamChangeSchema.parse(message)).toEqual({
    type: 'update',
    channel: 'stream',
    requestId: 42,
    epoch: log.epoch,
    sequence: 1,
    payload: (added(7) as OrderEvent & { type: 'added' }).order,
  });
  // The payload is serialised once and shared by every request id's frame.
  const cached = entry.payload;
  expect(JSON.parse(log.frame(entry, 43).toString()).requestId).toBe(43);
  expect(entry.payload).toBe(cached);
});
