import { afterEach, expect, test, vi } from 'vitest';
import { MAX_UNSEEN, MakerQuotaMemory, type OpenBookView, UNSEEN_MS } from './MakerQuotaMemory.js';

const emptyBook: OpenBookView = { makers: new Map(), orders: { has: () => false } };
const row = (maker: string, hash: string) => ({ network: 'main', hash, maker });
/** Whether the memory vouches for the row within `max` (its place given back at once). */
const vouches = (memory: MakerQuotaMemory, r: ReturnType<typeof row>, max: number) => {
  const claim = memory.claim(r, max);
  claim.settle(false);
  return claim.sure;
};

test("the quota's memory holds at most MAX_UNSEEN hashes, and when full counts every maker in the database", () => {
  const memory = new MakerQuotaMemory(() => emptyBook);
  // One row each of many makers that never return.
  const rows = Array.from({ length: MAX_UNSEEN }, (_, i) =>
    row(`0x${i.toString(16).padStart(40, '0')}`, `h${i}`),
  );
  memory.noteWritten(rows);
  expect(memory.size).toBe(MAX_UNSEEN);
  // Within the quota by memory: 1 stored + 1 wanted ≤ 2.
  const again = row(rows[0]?.maker ?? '', 'again');
  expect(vouches(memory, again, 2)).toBe(true);
  expect(vouches(memory, again, 1)).toBe(false);
  memory.noteWritten([row('0xnew', 'one more')]);
  expect(memory.size).toBe(0);
  // Emptied, the memory cannot vouch for anyone: every quoted maker is counted in the database.
  expect(vouches(memory, again, 2)).toBe(false);
});

afterEach(() => {
  vi.useRealTimers();
});

test("rows of makers who never return leave the quota's memory once they age out", () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  const memory = new MakerQuotaMemory(() => emptyBook);
  vouches(memory, row('0xfirst', 'f'), 1);
  memory.noteWritten(Array.from({ length: 1000 }, (_, i) => row(`0xmaker${i}`, `h${i}`)));
  expect(memory.size).toBe(1000);
  vi.setSystemTime(Date.now() + UNSEEN_MS + 1);
  vouches(memory, row('0xsomeone', 'x'), 5);
  expect(memory.size).toBe(0);
});

test('rows of one maker being written count against it: concurrent claims are vouched for only up to the quota', () => {
  const memory = new MakerQuotaMemory(() => emptyBook);
  const claims = Array.from({ length: 5 }, (_, i) => memory.claim(row('0xbusy', `b${i}`), 3));
  expect(claims.map((c) => c.sure)).toEqual([true, true, true, false, false]);
  // Settled unwritten, their places are free again; written, they count until the model shows them.
  for (const claim of claims.slice(1)) claim.settle(false);
  claims[0]?.settle(true);
  expect(memory.size).toBe(1);
  expect(vouches(memory, row('0xbusy', 'next'), 2)).toBe(true);
  expect(vouches(memory, row('0xbusy', 'next'), 1)).toBe(false);
});
