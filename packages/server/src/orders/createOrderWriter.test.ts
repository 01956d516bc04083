import { afterEach, expect, test, vi } from 'vitest';
import { MAX_UNSEEN, type OpenBookView, type Pending, QuotaMemory, UNSEEN_MS } from './createOrderWriter.js';

const emptyBook: OpenBookView = { makers: new Map(), orders: { has: () => false } };
const pending = (maker: string, hash: string): Pending => ({
  row: { network: 'main', hash, maker, values: [] },
  resolve: () => {},
  reject: () => {},
});

test("the quota's memory holds at most MAX_UNSEEN hashes, and when full counts every maker in the database", () => {
  const memory = new QuotaMemory(() => emptyBook);
  // One row each of many makers that never return.
  const rows = Array.from({ length: MAX_UNSEEN }, (_, i) =>
    pending(`0x${i.toString(16).padStart(40, '0')}`, `h${i}`),
  );
  memory.noteWritten(rows);
  expect(memory.size).toBe(MAX_UNSEEN);
  // Within the quota by memory: 1 stored + 1 wanted ≤ 2.
  const again = pending(rows[0]?.row.maker ?? '', 'again');
  expect(memory.unsure([again], 2)).toEqual([]);
  expect(memory.unsure([again], 1)).toEqual([again]);
  memory.noteWritten([pending('0xnew', 'one more')]);
  expect(memory.size).toBe(0);
  // Emptied, the memory cannot vouch for anyone: every quoted maker is counted in the database.
  expect(memory.unsure([again], 2)).toEqual([again]);
});

afterEach(() => {
  vi.useRealTimers();
});

test("rows of makers who never return leave the quota's memory once they age out", () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  const memory = new QuotaMemory(() => emptyBook);
  memory.unsure([], 1);
  memory.noteWritten(Array.from({ length: 1000 }, (_, i) => pending(`0xmaker${i}`, `h${i}`)));
  expect(memory.size).toBe(1000);
  vi.setSystemTime(Date.now() + UNSEEN_MS + 1);
  memory.unsure([pending('0xsomeone', 'x')], 5);
  expect(memory.size).toBe(0);
});
