import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { openFileLimit } from './openFileLimit.js';

describe('openFileLimit', () => {
  const children: ReturnType<typeof spawn>[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) child.kill();
  });

  it('reads this process limits and counts its open descriptors', () => {
    const files = openFileLimit(process.pid);
    expect(files.soft).toBeGreaterThan(0);
    expect(files.hard).toBeGreaterThanOrEqual(files.soft);
    expect(files.open).toBeGreaterThan(2);
    expect(files.raised).toBe(false);
  });

  it('raises a soft limit below what is needed up to the hard limit', async () => {
    const { hard } = openFileLimit(process.pid);
    // A child started under a low soft limit, as a shell with `ulimit -Sn 256` would start it.
    const child = spawn('prlimit', ['--nofile=256:', 'sleep', '30']);
    children.push(child);
    await new Promise((resolve) => child.once('spawn', resolve));
    // prlimit execs sleep in the same process once the limit is set.
    for (let i = 0; i < 50 && openFileLimit(child.pid as number).soft !== 256; i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(openFileLimit(child.pid as number).soft).toBe(256);
    const files = openFileLimit(child.pid as number, 10_000);
    expect(files).toMatchObject({ soft: hard, hard, raised: hard > 256 });
  });
});
