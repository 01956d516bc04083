import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, expect, test } from 'vitest';
import { spawnUnreaped, unreapedPid } from '../../test/helpers/spawnUnreaped.js';
import { waitFor } from '../../test/helpers/waitFor.js';
import { watchProcess } from '../../test/helpers/watchProcess.js';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from './lockDataDir.js';
import { readProcessStat } from './readProcessStat.js';

const root = mkdtempSync(join(tmpdir(), 'relayer-lock-'));
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const newDir = () => mkdtempSync(join(root, 'd-'));
const bootId = () => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
const startTicks = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
};
const writeLock = (dir: string, owner: Record<string, unknown>) =>
  writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ host: hostname(), since: 'earlier', ...owner }));

/** A process that stays alive until killed. */
function sleeper(): ChildProcess {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  children.push(child);
  return child;
}

async function exitedPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid as number;
}

test('refuses a directory this process already holds, naming the directory and the PID', async () => {
  const dir = newDir();
  const lock = await lockDataDir(dir);
  const error = await lockDataDir(dir).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(DataDirLockedError);
  expect((error as Error).message).toContain(dir);
  expect((error as Error).message).toContain(`PID ${process.pid}`);
  await lock.release();
  expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  await (await lockDataDir(dir)).release();
});

test('refuses a directory a live process holds', async () => {
  const dir = newDir();
  const holder = sleeper();
  const pid = holder.pid as number;
  writeLock(dir, { pid, bootId: bootId(), startTicks: startTicks(pid) });
  await expect(lockDataDir(dir)).rejects.toThrow(`PID ${pid}`);
  // The holder's lock is left as it was.
  expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).pid).toBe(pid);
});

test('takes over a lock whose holder was killed but not yet reaped (a zombie)', async () => {
  const dir = newDir();
  const parent = watchProcess(spawnUnreaped(['sleep', '60']));
  children.push(parent.child);
  await parent.waitForOutput('unreaped-pid', 10_000);
  const pid = unreapedPid(parent.output());
  writeLock(dir, { pid, bootId: bootId(), startTicks: startTicks(pid) });
  process.kill(pid, 'SIGKILL');
  await waitFor(() => readProcessStat(pid)?.state === 'Z', 10_000, 'the zombie');
  const lock = await lockDataDir(dir);
  expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
  // Still a zombie: the lock was taken while its old holder's PID still answered kill(pid, 0).
  expect(readProcessStat(pid)?.state).toBe('Z');
  await lock.release();
});

test('takes over a lock whose process is gone (kill -9, crash), one from before a reboot, and a torn one', async () => {
  const dead = await exitedPid();
  const cases: Record<string, unknown>[] = [
    { pid: dead, bootId: bootId() },
    { pid: process.ppid, bootId: 'another-boot' },
    { pid: sleeper().pid, startTicks: '1' }, // the PID is alive but it is another process (PID reused)
  ];
  for (const owner of cases) {
    const dir = newDir();
    writeLock(dir, owner);
    const lock = await lockDataDir(dir);
    expect(JSON.parse(readFileSync(lock.path, 'utf8')).pid).toBe(process.pid);
    await lock.release();
  }
  const torn = newDir();
  writeFileSync(join(torn, LOCK_FILE), '{"pid": 12');
  await (await lockDataDir(torn)).release();
});

test('a lock from another host counts as held while its holder keeps touching it, stale after a minute', async () => {
  const dir = newDir();
  writeLock(dir, { pid: 1, host: 'another-host' });
  await expect(lockDataDir(dir)).rejects.toThrow('PID 1 on host another-host');
  const twoMinutesAgo = new Date(Date.now() - 120_000);
  utimesSync(join(dir, LOCK_FILE), twoMinutesAgo, twoMinutesAgo);
  await (await lockDataDir(dir)).release();
});
