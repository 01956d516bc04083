import { existsSync, openSync, rmSync, statSync } from 'node:fs';

/** A lock older than this belongs to a run that died. */
const STALE_LOCK_MS = 120_000;

/**
 * Makes `target` exist, built at most once by concurrent test files: the file that creates
 * `<target>.lock` runs `build` (which must create `target` atomically, by a rename), the others wait for
 * `target` to appear; a stale lock is taken over.
 */
export async function buildOnce(target: string, build: () => Promise<void>): Promise<void> {
  if (existsSync(target)) return;
  const lock = `${target}.lock`;
  try {
    openSync(lock, 'wx');
  } catch {
    const deadline = Date.now() + STALE_LOCK_MS;
    while (!existsSync(target) && Date.now() < deadline && Date.now() - mtime(lock) < STALE_LOCK_MS) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (existsSync(target)) return;
    rmSync(lock, { force: true });
    return buildOnce(target, build);
  }
  try {
    await build();
  } finally {
    rmSync(lock, { force: true });
  }
}

function mtime(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}
