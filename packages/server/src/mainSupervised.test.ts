import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { MAIN_COMMAND, offlineMainEnv, SERVER_DIR } from '../test/helpers/offlineMainProcess.js';
import { spawnUnreaped, unreapedPid } from '../test/helpers/spawnUnreaped.js';
import { waitFor } from '../test/helpers/waitFor.js';
import { type WatchedProcess, watchProcess } from '../test/helpers/watchProcess.js';
import { LOCK_FILE } from './db/lockDataDir.js';
import { readProcessStat } from './db/readProcessStat.js';

/**
 * The relayer as operators run it: `npm run start -w @relayer/server` (the bundle, behind npm and sh)
 * in a process group of its own, stopped the way a terminal's Ctrl-C, `kill -- -PGID` or systemd's
 * default KillMode=control-group stop it, so npm and node both get the signal and npm passes its copy
 * on; and restarted at once after a kill -9, before the killed process has been reaped.
 */

const root = mkdtempSync(join(tmpdir(), 'relayer-supervised-'));
const started: ChildProcess[] = [];

afterAll(() => {
  // A failed test may leave a group running: end it, and the sh that keeps a zombie.
  for (const child of started) {
    try {
      process.kill(-(child.pid as number), 'SIGKILL');
    } catch {
      child.kill('SIGKILL');
    }
  }
  rmSync(root, { recursive: true, force: true });
});

/** PostgreSQL's pg_control `state`: 1 = shut down cleanly. */
const clusterState = (dir: string) => readFileSync(join(dir, 'global', 'pg_control')).readUInt32LE(16);
const SHUT_DOWN = 1;
/** The start-up line, logged as start-up ends, just before the signal handlers are installed. */
const LISTENING = '"msg":"relayer started"';

function relayerEnv(dataDir: string): NodeJS.ProcessEnv {
  return offlineMainEnv(dataDir, { HOME: process.env.HOME ?? root });
}

/** `npm run start` in the server's folder, as the leader of a new process group; resolves once it listens. */
async function startWithNpm(dataDir: string): Promise<WatchedProcess> {
  const relayer = watchProcess(
    spawn('npm', ['run', 'start'], {
      cwd: SERVER_DIR,
      env: relayerEnv(dataDir),
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  started.push(relayer.child);
  // The first start may bundle the server first.
  await relayer.waitForOutput(LISTENING, 120_000);
  return relayer;
}

function toGroup(relayer: WatchedProcess, signal: NodeJS.Signals): void {
  process.kill(-(relayer.child.pid as number), signal);
}

const count = (text: string, part: string) => text.split(part).length - 1;

const stops: { how: string; stop: (relayer: WatchedProcess) => Promise<void> }[] = [
  { how: 'SIGINT to its process group (Ctrl-C)', stop: async (r) => toGroup(r, 'SIGINT') },
  { how: 'SIGTERM to its process group (kill -- -PGID, systemd)', stop: async (r) => toGroup(r, 'SIGTERM') },
  { how: 'SIGTERM to npm alone', stop: async (r) => void r.child.kill('SIGTERM') },
  {
    how: 'SIGINT to its process group twice, the second while it closes',
    stop: async (r) => {
      toGroup(r, 'SIGINT');
      await r.waitForOutput('"msg":"shutting down"', 30_000);
      toGroup(r, 'SIGINT');
    },
  },
];

const dataDir = join(root, 'grouped');

test.each(stops)(
  'signalled by $how, it closes its database once and exits 0; the next start comes up',
  async ({ stop }) => {
    const relayer = await startWithNpm(dataDir);
    await stop(relayer);
    const { code, signal } = await relayer.exit;
    const output = relayer.output();
    expect({ code, signal }, output).toEqual({ code: 0, signal: null });
    expect(count(output, '"msg":"database closed"'), output).toBe(1);
    expect(clusterState(dataDir)).toBe(SHUT_DOWN);
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  },
  180_000,
);

test('the directory each of those stops left comes up again', async () => {
  const relayer = await startWithNpm(dataDir);
  expect(relayer.output()).not.toContain('in use by another relayer');
  toGroup(relayer, 'SIGTERM');
  expect((await relayer.exit).code).toBe(0);
}, 180_000);

test('a restart 0.2 s after kill -9, the killed relayer not yet reaped (a zombie), comes up on the same directory', async () => {
  const dir = join(root, 'killed');
  const command = [...MAIN_COMMAND];
  const first = watchProcess(
    spawnUnreaped(command, { cwd: SERVER_DIR, env: relayerEnv(dir), detached: true }),
  );
  started.push(first.child);
  await first.waitForOutput(LISTENING, 120_000);
  const pid = unreapedPid(first.output());
  process.kill(pid, 'SIGKILL');
  await waitFor(() => readProcessStat(pid)?.state === 'Z', 10_000, 'the killed relayer to be a zombie');
  // A supervisor's restart delay (systemd's RestartSec=100ms is its default).
  await new Promise((resolve) => setTimeout(resolve, 200));

  const second = watchProcess(
    spawn(process.execPath, command.slice(1), {
      cwd: SERVER_DIR,
      env: relayerEnv(dir),
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  started.push(second.child);
  await second.waitForOutput(LISTENING, 120_000);
  // The old holder was still a zombie all along: its PID answered kill(pid, 0).
  expect(readProcessStat(pid)?.state).toBe('Z');
  expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).pid).toBe(second.child.pid);
  second.child.kill('SIGTERM');
  expect((await second.exit).code).toBe(0);
  expect(second.output()).toContain('"msg":"database closed"');
  expect(clusterState(dir)).toBe(SHUT_DOWN);
}, 240_000);
