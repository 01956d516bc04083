import { expect, test } from 'vitest';
import { createTurnstile } from './createTurnstile.js';

test('runs at most `size` tasks at once, the rest in order, and goes on after a failure', async () => {
  const turnstile = createTurnstile(2);
  let running = 0;
  let most = 0;
  const order: number[] = [];
  const task = (id: number, fail = false) =>
    turnstile.run(async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      order.push(id);
      if (fail) throw new Error(`task ${id}`);
      return id;
    });
  const results = await Promise.allSettled([task(1), task(2, true), task(3), task(4), task(5)]);
  expect(most).toBe(2);
  expect(order).toEqual([1, 2, 3, 4, 5]);
  expect(results.map((r) => r.status)).toEqual([
    'fulfilled',
    'rejected',
    'fulfilled',
    'fulfilled',
    'fulfilled',
  ]);
});
