// Builds the web app (packages/web/dist) when it is missing or older than its sources. Plain JS so both
// the start script and the e2e test command can use it before anything is transpiled
// (`import { ensureWebBuild } from '@relayer/web/build'`); `node packages/web/build.mjs` runs it alone.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = dirname(fileURLToPath(import.meta.url));
const repoRoot = join(web, '..', '..');
export const webDistDir = join(web, 'dist');

/** What ends up in the bundle: the app, and the workspace packages it imports. */
const INPUTS = [
  join(web, 'src'),
  join(web, 'public'),
  join(web, 'index.html'),
  join(web, 'vite.config.ts'),
  join(web, 'package.json'),
  join(repoRoot, 'packages/protocol/src'),
  join(repoRoot, 'packages/contracts/src'),
  join(repoRoot, 'package-lock.json'),
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.endsWith('.test.ts') || entry.name.endsWith('.test.tsx'))
      continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

/** Why the dist needs a build, or undefined when it is up to date. */
export function webBuildReason() {
  const index = join(webDistDir, 'index.html');
  if (!existsSync(index)) return 'packages/web/dist is missing';
  const built = statSync(index).mtimeMs;
  const stale = INPUTS.find((input) => newestMtime(input) > built);
  return stale ? `${stale.slice(repoRoot.length + 1)} changed since the last build` : undefined;
}

/** Runs `vite build` for @relayer/web if needed; throws when the build fails. */
export function ensureWebBuild({ log = console.log } = {}) {
  const reason = webBuildReason();
  if (!reason) return false;
  log(`Building the web app (${reason})...`);
  const started = Date.now();
  // Vite lists every asset; only a failure's output is worth showing.
  const result = spawnSync('npm', ['run', 'build', '-w', '@relayer/web'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    throw new Error(`the web app build failed (exit code ${result.status ?? result.signal})`);
  }
  log(`Built the web app in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    if (!ensureWebBuild()) console.log('packages/web/dist is up to date');
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
