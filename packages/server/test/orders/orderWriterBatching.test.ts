import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PreparedExecution } from '../../src/db/Database.js';
import { type AcceptContext, acceptOrder } from '../../src/orders/acceptOrder.js';
import { createOrderWriter, FLUSH_BOUND_MS, WRITE_COLUMNS } from '../../src/orders/createOrderWriter.js';
import { fakeHash } from '../helpers/fakeOrders.js';

// When the writer's batch goes: at the next turn once no announced acceptance is still on its way to
// `write`, else FLUSH_BOUND_MS after its first row; a lone order, or callers that announce nothing, at
// the next turn. Timers are faked, so "not yet" and "now" are exact, not timing.

const width = WRITE_COLUMNS.length;

/** A database whose `runPrepared` records each batch's row count and answers every row as inserted. */
function recordingDb() {
  const batches: number[] = [];
  const db = {
    query: async () => [],
    runPrepared: async <Row>(executions: readonly PreparedExecution[]) => {
      batches.push(executions.reduce((n, e) => n + e.params.length / width, 0));
      return executions.map((e) =>
        Array.from({ length: e.params.length / width }, (_, r) => ({
          network: e.params[r * width],
          hash: e.params[r * width + 1],
          inserted: true,
        })),
      ) as Row[][];
    },
  };
  return { db, batches };
}

const row = (label: string) => {
  const hash = fakeHash(label);
  const values = WRITE_COLUMNS.map((column) => (column === 'network' ? 'n' : column === 'hash' ? hash : '0'));
  return { network: 'n', hash, values };
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the order writer forms its batches from the acceptances in flight', () => {
  it('waits for every announced acceptance, then writes their rows as one batch at the next turn', async () => {
    const { db, batches } = recordingDb();
    const writer = createOrderWriter(db);
    const [a, b, c] = [writer.expect?.(), writer.expect?.(), writer.expect?.()];
    if (!a || !b || !c) throw new Error('the writer takes announcements');
    const written = [a.write(row('a')), b.write(row('b'))];
    await vi.advanceTimersByTimeAsync(FLUSH_BOUND_MS - 1);
    expect(batches).toEqual([]);
    written.push(c.write(row('c')));
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toEqual([3]);
    expect(await Promise.all(written)).toEqual(['inserted', 'inserted', 'inserted']);
  });

  it('writes what is queued once its first row has waited the bound, whoever is still announced', async () => {
    const { db, batches } = recordingDb();
    const writer = createOrderWriter(db);
    const [a, late] = [writer.expect?.(), writer.expect?.()];
    if (!a || !late) throw new Error('the writer takes announcements');
    const written = a.write(row('a'));
    await vi.advanceTimersByTimeAsync(FLUSH_BOUND_MS - 1);
    expect(batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toEqual([1]);
    expect(await written).toBe('inserted');
    // The late one's row then goes alone, at the next turn: nobody else is announced.
    const second = late.write(row('late'));
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toEqual([1, 1]);
    expect(await second).toBe('inserted');
  });

  it('stops waiting for an acceptance that ends without a row (refused)', async () => {
    const { db, batches } = recordingDb();
    const writer = createOrderWriter(db);
    const [a, refused] = [writer.expect?.(), writer.expect?.()];
    if (!a || !refused) throw new Error('the writer takes announcements');
    const written = a.write(row('a'));
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toEqual([]);
    refused.done();
    refused.done(); // idempotent: the count of announced acceptances never goes below the truth
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toEqual([1]);
    expect(await written).toBe('inserted');
  });

  it('never holds back a lone order, nor the rows of callers that announce nothing', async () => {
    const { db, batches } = recordingDb();
    const writer = createOrderWriter(db);
    const lone = writer.expect?.();
    if (!lone) throw new Error('the writer takes announcements');
    const first = lone.write(row('lone'));
    lone.done();
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toEqual([1]);
    const unannounced = [writer.write(row('x')), writer.write(row('y'))];
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toEqual([1, 2]);
    expect(await Promise.all([first, ...unannounced])).toEqual(['inserted', 'inserted', 'inserted']);
  });

  it('rows queued while a batch commits wait for the acceptances still announced', async () => {
    const { db, batches } = recordingDb();
    const writer = createOrderWriter(db);
    const announced = Array.from({ length: 3 }, () => writer.expect?.());
    const [a, b, c] = announced;
    if (!a || !b || !c) throw new Error('the writer takes announcements');
    const first = a.write(row('a'));
    await vi.advanceTimersByTimeAsync(FLUSH_BOUND_MS);
    expect(batches).toEqual([1]);
    const rest = [b.write(row('b'))];
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toEqual([1]);
    rest.push(c.write(row('c')));
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toEqual([1, 2]);
    expect(await Promise.all([first, ...rest])).toEqual(['inserted', 'inserted', 'inserted']);
  });

  it('hears from acceptOrder: each acceptance announces itself and ends its announcement when refused', async () => {
    const { db, batches } = recordingDb();
    const writer = createOrderWriter(db);
    const counts = { expected: 0, done: 0 };
    const watched = {
      write: writer.write,
      expect() {
        const announced = writer.expect?.();
        if (!announced) throw new Error('the writer takes announcements');
        counts.expected++;
        return {
          write: announced.write,
          done() {
            counts.done++;
            announced.done();
          },
        };
      },
    };
    const context = {
      orders: { submissionEnabled: true, expiryMarginSec: 0, maxOpenPerMaker: 0 },
      writer: watched,
    } as unknown as AcceptContext;
    // Another acceptance is on its way: a row queued now would wait for it, until the refused one ends.
    const other = writer.expect?.();
    const waiting = writer.expect?.();
    if (!other || !waiting) throw new Error('the writer takes announcements');
    const queued = other.write(row('queued'));
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toEqual([]);
    await expect(acceptOrder(context, { not: 'an order' })).rejects.toThrow();
    expect(counts).toEqual({ expected: 1, done: 1 });
    waiting.done();
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toEqual([1]);
    expect(await queued).toBe('inserted');
  });
});
