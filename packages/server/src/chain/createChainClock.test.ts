import { describe, expect, test } from 'vitest';
import { createChainClock } from './createChainClock.js';

const WALL_MS = 1_700_000_000_000;

describe('createChainClock', () => {
  test('is the server clock until a block is seen', () => {
    const clock = createChainClock(() => WALL_MS);
    expect(clock.now()).toBe(WALL_MS);
    expect(clock.latest()).toBeNull();
  });

  test('follows a block whose timestamp runs ahead of the server clock', () => {
    const clock = createChainClock(() => WALL_MS);
    clock.observe({ number: 10n, timestamp: BigInt(WALL_MS / 1000 + 300) });
    expect(clock.now()).toBe(WALL_MS + 300_000);
    expect(clock.latest()).toMatchObject({ number: 10n, seenAt: WALL_MS });
  });

  test('a chain clock behind the server clock changes nothing', () => {
    let wall = WALL_MS;
    const clock = createChainClock(() => wall);
    clock.observe({ number: 10n, timestamp: BigInt(WALL_MS / 1000 - 3600) });
    expect(clock.now()).toBe(WALL_MS);
    wall += 5000;
    expect(clock.now()).toBe(WALL_MS + 5000);
  });

  test('an older block read late does not move the clock back; the polled head does', () => {
    const clock = createChainClock(() => WALL_MS);
    const ahead = BigInt(WALL_MS / 1000 + 600);
    clock.observe({ number: 11n, timestamp: ahead });
    clock.observe({ number: 10n, timestamp: ahead - 500n });
    expect(clock.now()).toBe(Number(ahead) * 1000);
    // A re-org to a shorter chain (or evm_revert): the watcher's head poll is the truth.
    clock.observeHead({ number: 9n, timestamp: ahead - 550n });
    expect(clock.latest()?.number).toBe(9n);
    expect(clock.now()).toBe(WALL_MS + 50_000);
  });
});
