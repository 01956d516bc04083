// Installs the dependencies (`npm ci`) when node_modules is missing or older than package-lock.json.
// Plain JavaScript on purpose: both README commands (`npm start`, `npm test`) run it before anything is
// installed, so it may use nothing but Node.js itself.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const lock = join(root, 'package-lock.json');
// npm writes this file at the end of every install; older than the lock file means a stale install.
const installed = join(root, 'node_modules/.package-lock.json');
const tsx = join(root, 'node_modules/tsx/package.json');

/** Why an install is needed, or undefined when node_modules is current. */
export function installReason() {
  if (!existsSync(installed) || !existsSync(tsx)) return 'node_modules is missing';
  if (statSync(lock).mtimeMs > statSync(installed).mtimeMs)
    return 'package-lock.json is newer than node_modules';
  return undefined;
}

/** Runs `npm ci` when needed; exits the process with a readable message when it fails. */
export function ensureInstalled(command) {
  const reason = installReason();
  if (!reason) return;
  console.log(`${reason}: running npm ci...`);
  const install = spawnSync('npm', ['ci'], { cwd: root, stdio: 'inherit' });
  if (install.status !== 0) {
    console.error(
      `npm ci failed (exit code ${install.status ?? install.signal}); fix that and run ${command} again.`,
    );
    process.exit(1);
  }
}

// `node scripts/ensureInstalled.mjs "npm test"`: the root test script's first step.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  ensureInstalled(process.argv[2] ?? 'the command');
}
