import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { freePort } from '@relayer/contracts/anvil';
import { exited, isListening, npmEnv, signalGroup } from '../src/processes.ts';

/**
 * The README's first command on a clean copy of the repository: `npm start` must install what it needs
 * (nothing is installed in the copy), build the web app, and bring up the whole product; Ctrl-C stops all
 * of it. (The second command, `npm test`, is what CI runs on a fresh checkout with nothing installed.)
 */

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../../..');
// What a clone does not have: installs, builds, local state and test output.
const UNTRACKED = new Set([
  'node_modules',
  'dist',
  '.data',
  '.tsbuild',
  'generated',
  '.build-hash',
  'test-results',
  'playwright-report',
  'screenshots',
  '.env',
  '.git',
]);

function cleanCopy(): string {
  const target = mkdtempSync(join(tmpdir(), 'relayer-clone-'));
  const tracked = spawnSync('git', ['-C', repoRoot, 'ls-files', '-z'], { encoding: 'utf8' });
  if (tracked.status === 0 && tracked.stdout) {
    for (const file of tracked.stdout.split('\0').filter(Boolean)) {
      cpSync(join(repoRoot, file), join(target, file));
    }
  } else {
    cpSync(repoRoot, target, {
      recursive: true,
      filter: (source) => !UNTRACKED.has(basename(source)) && !source.endsWith('.tsbuildinfo'),
    });
  }
  return target;
}

test('npm start on a clean copy installs, builds and serves the book; Ctrl-C stops everything', async ({
  page,
}) => {
  test.setTimeout(15 * 60_000);
  const copy = cleanCopy();
  const ports = {
    CHAIN_PORT: await freePort('127.0.0.1'),
    RELAYER_PORT: await freePort('127.0.0.1'),
    WEB_PORT: await freePort('127.0.0.1'),
  };
  const env = npmEnv(Object.fromEntries(Object.entries(ports).map(([key, port]) => [key, String(port)])));
  let output = '';
  // Its own process group, so Ctrl-C can be sent to the whole group as a terminal would.
  const child = spawn('npm', ['start'], { cwd: copy, env, detached: true });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const webUrl = `http://localhost:${ports.WEB_PORT}`;
  try {
    await expect
      .poll(() => (child.exitCode === null ? output.includes(webUrl) : `exited: ${output}`), {
        timeout: 12 * 60_000,
        intervals: [2_000],
      })
      .toBe(true);
    expect(output).toContain('running npm ci');

    await page.goto(webUrl);
    const grid = page.getByRole('table', { name: 'Orders' });
    // The sample orders of two makers (header row plus at least one page of orders).
    await expect(grid.getByRole('row').nth(5)).toBeVisible({ timeout: 30_000 });

    signalGroup(child, 'SIGINT');
    // npm itself dies of the SIGINT, as in a terminal; the start script below it stops everything.
    expect([0, 'SIGINT']).toContain(await exited(child));
    await expect.poll(() => output.includes('Stopped.'), { timeout: 30_000 }).toBe(true);
    // The chain stops after the relayer that reads it, not with the same Ctrl-C.
    expect(output).not.toContain('chain node down');
    for (const port of Object.values(ports)) {
      await expect.poll(() => isListening(port), { timeout: 15_000 }).toBe(false);
    }
  } catch (error) {
    console.error(`npm start printed:\n${output}`);
    throw error;
  } finally {
    signalGroup(child, 'SIGKILL');
    rmSync(copy, { recursive: true, force: true });
  }
});
