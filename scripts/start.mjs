#!/usr/bin/env node
// `npm start`: installs the dependencies when they are missing or older than package-lock.json, then
// runs scripts/start.ts with tsx. Plain JavaScript on purpose: it must run before anything is installed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const lock = join(root, 'package-lock.json');
// npm writes this file at the end of every install; older than the lock file means a stale install.
const installed = join(root, 'node_modules/.package-lock.json');
const tsx = join(root, 'node_modules/tsx/package.json');

function needsInstall() {
  if (!existsSync(installed) || !existsSync(tsx)) return 'node_modules is missing';
  if (statSync(lock).mtimeMs > statSync(installed).mtimeMs)
    return 'package-lock.json is newer than node_modules';
  return undefined;
}

const reason = needsInstall();
if (reason) {
  console.log(`${reason}: running npm ci...`);
  const install = spawnSync('npm', ['ci'], { cwd: root, stdio: 'inherit' });
  if (install.status !== 0) {
    console.error(
      `npm ci failed (exit code ${install.status ?? install.signal}); fix that and run npm start again.`,
    );
    process.exit(1);
  }
}

const child = spawn(
  process.execPath,
  ['--import', 'tsx', join(root, 'scripts/start.ts'), ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
// Ctrl-C reaches the whole process group (the child shuts everything down itself); a signal sent to this
// process alone is passed on. Either way this process waits for the child so nothing is left behind.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (child.exitCode === null) child.kill(signal);
  });
}
// `kill <npm's pid>` ends npm without passing the signal on: notice being orphaned and stop anyway.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent && child.exitCode === null) child.kill('SIGTERM');
}, 500).unref();
child.on('exit', (code, signal) => process.exit(code ?? (signal === 'SIGINT' ? 130 : 1)));
