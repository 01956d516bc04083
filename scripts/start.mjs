#!/usr/bin/env node
// `npm start`: installs the dependencies when they are missing or older than package-lock.json, then
// runs scripts/start.ts as one prebuilt JavaScript bundle (dist/start.mjs, rebuilt first whenever any of
// its sources changed: scripts/bundle.mjs), which loads in a fraction of the time tsx takes to compile
// and load its modules. Plain JavaScript on purpose: it must run before anything is installed.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstalled } from './ensureInstalled.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
ensureInstalled('npm start');
// Imported once the dependencies are there (esbuild among them).
const { ensureBundle } = await import('./bundle.mjs');
let bundle;
try {
  bundle = await ensureBundle('start');
} catch (error) {
  console.error(`Building dist/start.mjs failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

const child = spawn(process.execPath, [bundle, ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
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
