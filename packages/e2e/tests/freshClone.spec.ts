import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

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

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** How the process ended: its exit code, or the signal that ended it. */
function exited(child: ChildProcess): Promise<number | NodeJS.Signals | null> {
  if (child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve(child.exitCode ?? child.signalCode);
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
}

test('npm start on a clean copy installs, builds and serves the book; Ctrl-C stops everything', async ({
  page,
}) => {
  test.setTimeout(15 * 60_000);
  const copy = cleanCopy();
  const ports = { CHAIN_PORT: await freePort(), RELAYER_PORT: await freePort(), WEB_PORT: await freePort() };
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env)) if (key.startsWith('npm_')) delete env[key];
  for (const [key, port] of Object.entries(ports)) env[key] = String(port);
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
    const grid = page.getByRole('grid', { name: 'Orders' });
    // The sample orders of two makers (header row plus at least one page of orders).
    await expect(grid.getByRole('row').nth(5)).toBeVisible({ timeout: 30_000 });

    process.kill(-(child.pid as number), 'SIGINT');
    // npm itself dies of the SIGINT, as in a terminal; the start script below it stops everything.
    expect([0, 'SIGINT']).toContain(await exited(child));
    await expect.poll(() => output.includes('Stopped.'), { timeout: 30_000 }).toBe(true);
    for (const port of Object.values(ports)) {
      await expect.poll(() => isListening(port), { timeout: 15_000 }).toBe(false);
    }
  } catch (error) {
    console.error(`npm start printed:\n${output}`);
    throw error;
  } finally {
    try {
      process.kill(-(child.pid as number), 'SIGKILL');
    } catch {
      // The group has already gone.
    }
    rmSync(copy, { recursive: true, force: true });
  }
});
