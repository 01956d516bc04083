import { closeSync, fsyncSync, openSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * fsyncs every file and directory under `root`, and `root`'s own entry in its parent. PGlite's initdb
 * writes a new cluster without fsync (PostgreSQL's initdb would sync it at the end); a fresh data
 * directory is made durable with this once.
 */
export function fsyncTree(root: string): void {
  const sync = (path: string) => {
    const fd = openSync(path, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  };
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) sync(path);
    }
    sync(dir);
  };
  walk(root);
  sync(dirname(root));
}
