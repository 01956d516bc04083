import { afterAll, beforeAll } from 'vitest';
import { standIn } from './standIn.js';

/**
 * Starts something (a PostgreSQL server, a watcher harness) before the tests of the enclosing describe or
 * file and stops it after them. The returned object stands in for it (`standIn`): tests and hooks read it
 * directly.
 */
export function useStarted<T extends { stop(): Promise<void> }>(
  start: () => Promise<T>,
  what = 'the test fixture',
  timeoutMs = 60_000,
): T {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
  }, timeoutMs);
  afterAll(async () => {
    await started?.stop();
  });
  return standIn(() => started, what);
}
