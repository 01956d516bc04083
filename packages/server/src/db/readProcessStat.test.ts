import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, expect, test } from 'vitest';
import { spawnUnreaped, unreapedPid } from '../../test/helpers/spawnUnreaped.js';
import { waitFor } from '../../test/helpers/waitFor.js';
import { watchProcess } from '../../test/helpers/watchProcess.js';
import { readProcessStat } from './readProcessStat.js';

const root = mkdtempSync(join(tmpdir(), 'relayer-stat-'));
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

test('reads a live process: running or sleeping, with its start time', () => {
  const stat = readProcessStat(process.pid);
  expect(stat?.state).toMatch(/^[RS]$/);
  expect(stat?.startTicks).toMatch(/^\d+$/);
});

test('has nothing for a process that is gone', async () => {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  expect(readProcessStat(child.pid as number)).toBeUndefined();
});

test('reads a killed process its parent has not reaped as a zombie, with the same start time', async () => {
  const parent = watchProcess(spawnUnreaped(['sleep', '60']));
  children.push(parent.child);
  await parent.waitForOutput('unreaped-pid', 10_000);
  const pid = unreapedPid(parent.output());
  // Just started, `sleep` may still be running (R) for a moment before it sleeps.
  await waitFor(() => readProcessStat(pid)?.state === 'S', 10_000, 'the sleeper');
  const before = readProcessStat(pid);
  expect(before?.state).toBe('S');
  process.kill(pid, 'SIGKILL');
  await waitFor(() => readProcessStat(pid)?.state === 'Z', 10_000, 'the zombie');
  expect(readProcessStat(pid)?.startTicks).toBe(before?.startTicks);
  // kill(pid, 0) cannot tell it from a live process.
  expect(process.kill(pid, 0)).toBe(true);
});

test('counts fields after the last parenthesis, whatever the command name holds', async () => {
  // The command name is the executable's file name: one that looks like the fields that follow it.
  const sleep = join(root, 'x) Z (y');
  symlinkSync('/bin/sleep', sleep);
  const child = spawn(sleep, ['60'], { stdio: 'ignore' });
  children.push(child);
  await waitFor(() => readProcessStat(child.pid as number)?.state === 'S', 10_000, 'the sleeper');
  expect(readProcessStat(child.pid as number)?.startTicks).toMatch(/^\d+$/);
});
