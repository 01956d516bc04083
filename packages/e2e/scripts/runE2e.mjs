#!/usr/bin/env node
// `npm test -w @relayer/e2e`: makes sure Debian's Chromium is there (installing it when running as root)
// and the web app is built, then runs the Playwright journeys. Extra arguments go to `playwright test`.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureWebBuild } from '@relayer/web/build';

const e2eDir = join(dirname(fileURLToPath(import.meta.url)), '..');

function findChromium() {
  if (process.env.E2E_CHROMIUM)
    return existsSync(process.env.E2E_CHROMIUM) ? process.env.E2E_CHROMIUM : undefined;
  for (const name of ['chromium', 'chromium-browser']) {
    const found = spawnSync('which', [name], { encoding: 'utf8' });
    if (found.status === 0 && found.stdout.trim()) return found.stdout.trim();
  }
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}

function installChromium() {
  const apt = (args) =>
    spawnSync('apt-get', args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status === 0;
  console.log('Chromium is missing: installing Debian’s chromium package...');
  // A fresh machine may have no package lists yet.
  return (
    apt(['install', '-y', '--no-install-recommends', 'chromium']) ||
    (apt(['update']) && apt(['install', '-y', '--no-install-recommends', 'chromium']))
  );
}

let chromium = findChromium();
if (!chromium) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && spawnSync('which', ['apt-get']).status === 0 && installChromium()) chromium = findChromium();
  if (!chromium) {
    console.error(
      [
        'The end-to-end tests need Chromium from the system packages (Playwright’s own browser download is not used).',
        isRoot
          ? 'Installing it with apt-get failed: run `apt-get update && apt-get install -y chromium` and try again.'
          : 'Install it as root: `sudo apt-get install -y chromium` (Debian/Ubuntu), or set E2E_CHROMIUM=/path/to/chromium.',
      ].join('\n'),
    );
    process.exit(1);
  }
}

try {
  ensureWebBuild();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const cli = join(dirname(createRequire(import.meta.url).resolve('@playwright/test/package.json')), 'cli.js');
const result = spawnSync(process.execPath, [cli, 'test', ...process.argv.slice(2)], {
  cwd: e2eDir,
  stdio: 'inherit',
  env: { ...process.env, E2E_CHROMIUM: chromium },
});
process.exit(result.status ?? 1);
