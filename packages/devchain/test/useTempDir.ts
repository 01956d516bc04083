import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';

/** A fresh temporary directory for the tests of the enclosing describe (or file), removed after them. */
export function useTempDir(prefix: string): () => string {
  let dir: string | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), prefix));
  });
  afterAll(() => (dir ? rm(dir, { recursive: true, force: true }) : undefined));
  return () => {
    if (!dir) throw new Error('the temporary directory is not made yet');
    return dir;
  };
}
