import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';

export interface ReleaseBundle {
  /** The release's `packages/server/dist/main.mjs`, built from its own sources by its own bundle.mjs. */
  bundle: string;
  /** The number of the newest migration the release ships (its schema version). */
  schema: number;
  /** Packages the release's lock pins at another version than the one installed here. */
  versionDrift: string[];
}

/** What a release's relayer bundle is built from: its sources and its own bundler script and lock. */
const RELEASE_PATHS = [
  'package.json',
  'package-lock.json',
  'scripts/bundle.mjs',
  'packages/server',
  'packages/protocol',
  'packages/contracts',
];

/**
 * Why `commit` cannot be read from this checkout's history, or undefined when it can: a shallow clone
 * (CI systems often fetch one commit) or a copy without `.git`.
 */
export function releaseHistoryMissing(repoRoot: string, commit: string): string | undefined {
  const git = (...args: string[]) =>
    spawnSync('git', ['-C', repoRoot, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const inside = git('rev-parse', '--is-inside-work-tree');
  if (inside.status !== 0) return `${repoRoot} is not a git checkout`;
  if (git('cat-file', '-e', `${commit}^{commit}`).status === 0) return undefined;
  if (git('rev-parse', '--is-shallow-repository').stdout.trim() === 'true')
    return `this is a shallow clone without ${commit} (git fetch --unshallow brings it)`;
  throw new Error(`the previous release ${commit} is not in this repository's history`);
}

/**
 * The relayer bundle of an earlier release, built as that release built it: its server, protocol and
 * contracts sources taken from git (`git archive`) into `dir`, resolved against this checkout's
 * installed packages (linked in; the workspace packages are the release's own), and bundled by the
 * release's own `scripts/bundle.mjs`. Reused while `dir` holds it (its bundler rebuilds only what
 * changed). The contracts' generated artifacts are copied from this checkout when the release's
 * contract sources are the same, else compiled there.
 */
export function buildReleaseBundle(repoRoot: string, commit: string, dir: string): ReleaseBundle {
  const git = (...args: string[]) =>
    execFileSync('git', ['-C', repoRoot, ...args], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const marker = join(dir, '.release');
  if (!existsSync(marker) || readFileSync(marker, 'utf8') !== commit) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const archive = execFileSync(
      'git',
      ['-C', repoRoot, 'archive', '--format=tar', commit, ...RELEASE_PATHS],
      {
        maxBuffer: 256 * 1024 * 1024,
      },
    );
    execFileSync('tar', ['-x', '-C', dir], { input: archive });
    linkNodeModules(repoRoot, dir);
    const sameContracts =
      git('rev-parse', `${commit}:packages/contracts`) === git('rev-parse', 'HEAD:packages/contracts');
    const generated = 'packages/contracts/src/generated';
    if (sameContracts && existsSync(join(repoRoot, generated))) {
      cpSync(join(repoRoot, generated), join(dir, generated), { recursive: true });
    } else {
      execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], {
        cwd: join(dir, 'packages/contracts'),
        stdio: ['ignore', 'ignore', 'inherit'],
      });
    }
    execFileSync('sh', ['-c', `printf %s "$1" > "$2"`, 'sh', commit, marker]);
  }
  const built = spawnSync(process.execPath, [join(dir, 'scripts/bundle.mjs'), 'server'], {
    cwd: dir,
    encoding: 'utf8',
  });
  if (built.status !== 0)
    throw new Error(`bundling release ${commit} failed:\n${built.stdout}\n${built.stderr}`);
  const migrations = readdirSync(join(dir, 'packages/server/src/db/migrations')).flatMap((file) => {
    const match = /^(\d{3,})_/.exec(file);
    return match ? [Number(match[1])] : [];
  });
  return {
    bundle: join(dir, 'packages/server/dist/main.mjs'),
    schema: Math.max(...migrations),
    versionDrift: versionDrift(repoRoot, dir),
  };
}

/**
 * `dir/node_modules`: every installed package of this checkout linked in, except the workspace
 * packages, which link to the release's own sources in `dir/packages`.
 */
function linkNodeModules(repoRoot: string, dir: string): void {
  const installed = join(repoRoot, 'node_modules');
  const modules = join(dir, 'node_modules');
  mkdirSync(join(modules, '@relayer'), { recursive: true });
  for (const name of readdirSync(installed)) {
    if (name === '@relayer' || name === '.bin' || name.startsWith('.')) continue;
    symlinkSync(join(installed, name), join(modules, name));
  }
  symlinkSync(join(installed, '.bin'), join(modules, '.bin'));
  for (const name of readdirSync(join(dir, 'packages'))) {
    symlinkSync(join(dir, 'packages', name), join(modules, '@relayer', name));
  }
}

/** Top-level packages whose installed version is not the one the release's lock pins. */
function versionDrift(repoRoot: string, dir: string): string[] {
  const lock = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { version?: string; link?: boolean; optional?: boolean }>;
  };
  const drift: string[] = [];
  for (const [path, entry] of Object.entries(lock.packages)) {
    const name = /^node_modules\/((?:@[^/]+\/)?[^/]+)$/.exec(path)?.[1];
    if (!name || entry.link || !entry.version) continue;
    const file = join(repoRoot, 'node_modules', name, 'package.json');
    // Another platform's optional binary (esbuild's, biome's) is rightly not installed here.
    if (!existsSync(file) && entry.optional) continue;
    const installed = existsSync(file)
      ? (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version
      : 'none';
    if (installed !== entry.version) drift.push(`${name} ${entry.version} (installed: ${installed})`);
  }
  return drift;
}
