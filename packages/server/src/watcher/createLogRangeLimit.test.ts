import { describe, expect, test } from 'vitest';
import { createLogRangeLimit } from './createLogRangeLimit.js';

describe('createLogRangeLimit', () => {
  test('starts at the configured maximum and halves the refused span', () => {
    const limit = createLogRangeLimit(2000);
    expect(limit.current()).toBe(2000);
    expect(limit.refused(2000)).toBe(true);
    expect(limit.current()).toBe(1000);
    expect(limit.refused(1000)).toBe(true);
    expect(limit.current()).toBe(500);
  });

  test("takes the node's suggestion when it is smaller than the refused span", () => {
    const limit = createLogRangeLimit(2000);
    limit.refused(2000, 37);
    expect(limit.current()).toBe(37);
    // A suggestion no smaller than what was refused is no help: halve instead.
    limit.refused(37, 5000);
    expect(limit.current()).toBe(18);
  });

  test('a refused single block cannot shrink further', () => {
    const limit = createLogRangeLimit(2000);
    limit.refused(2000, 1);
    expect(limit.refused(1)).toBe(false);
    expect(limit.current()).toBe(1);
  });

  test('grows back towards the maximum after a run of accepted ranges, and no further', () => {
    const limit = createLogRangeLimit(100);
    limit.refused(100, 10);
    for (let i = 0; i < 15; i++) limit.succeeded();
    expect(limit.current()).toBe(10);
    limit.succeeded();
    expect(limit.current()).toBe(20);
    for (let i = 0; i < 16 * 10; i++) limit.succeeded();
    expect(limit.current()).toBe(100);
  });
});
