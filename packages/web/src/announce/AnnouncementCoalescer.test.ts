import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { AnnouncementCoalescer } from './AnnouncementCoalescer';

const newOrders = (count: number) => (count === 1 ? '1 new order' : `${count} new orders`);
const filled = (count: number) => `${count} filled`;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function coalescer() {
  const said: string[] = [];
  const announcer = new AnnouncementCoalescer({
    say: (text) => said.push(text),
    intervalMs: 5_000,
    gatherMs: 1_000,
  });
  return { said, announcer };
}

describe('AnnouncementCoalescer', () => {
  test('a burst of changes is one announcement with their counts', () => {
    const { said, announcer } = coalescer();
    for (let i = 0; i < 3; i++) announcer.add('new', newOrders);
    announcer.add('filled', filled);
    expect(said).toEqual([]);
    vi.advanceTimersByTime(1_000);
    expect(said).toEqual(['3 new orders, 1 filled']);
  });

  test('a steady stream is said at most once per interval, nothing lost', () => {
    const { said, announcer } = coalescer();
    // One new order every 200 ms for 12 s: 60 changes.
    for (let i = 0; i < 60; i++) {
      announcer.add('new', newOrders);
      vi.advanceTimersByTime(200);
    }
    vi.advanceTimersByTime(5_000);
    expect(said.length).toBeLessThanOrEqual(4);
    const total = said.map((text) => Number.parseInt(text, 10)).reduce((a, b) => a + b, 0);
    expect(total).toBe(60);
  });

  test('a lone change after a quiet spell is said after the gathering moment only', () => {
    const { said, announcer } = coalescer();
    announcer.add('new', newOrders);
    vi.advanceTimersByTime(20_000);
    announcer.add('new', newOrders);
    vi.advanceTimersByTime(999);
    expect(said).toEqual(['1 new order']);
    vi.advanceTimersByTime(1);
    expect(said).toEqual(['1 new order', '1 new order']);
  });

  test('what is pending when it is disposed is never said', () => {
    const { said, announcer } = coalescer();
    announcer.add('new', newOrders);
    announcer.dispose();
    vi.advanceTimersByTime(10_000);
    expect(said).toEqual([]);
  });
});
