#!/usr/bin/env node
// Part of `npm run check`: every workspace package declares what it imports, in the right section, and
// nothing it does not use. Code that runs in production (not tests, benches, build scripts or config)
// takes its packages from `dependencies`, so `npm ci --omit=dev` (the Docker image) has them.
// A package's `start` script runs under tsx in production too, so tsx is then a dependency.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..');
const rootManifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const SKIP = new Set(['node_modules', 'dist', '.tsbuild', 'generated', 'test-results', 'playwright-report']);
const SOURCE = /\.(ts|tsx|mts|mjs|js|cjs)$/;
// Tests, benches, build scripts and tool configuration; a package of tests only is all of that.
const DEV_FILE = /(^|\/)(test|tests|bench|scripts)\/|\.(test|spec)\.tsx?$|\.config\.ts$/;
const DEV_PACKAGES = new Set(['@relayer/e2e']);
// import/export ... from 'x', import 'x', import('x'), require('x'), require.resolve('x').
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire(?:\.resolve)?\s*\(\s*)(['"])([@a-z][\w@./-]*)\1/g;

const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
const isBuiltin = (name) => name.startsWith('node:') || builtinModules.includes(name);

function sourceFiles(dir, found = []) {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, found);
    else if (SOURCE.test(name)) found.push(path);
  }
  return found;
}

function peersOf(names) {
  const peers = new Set();
  for (const name of names) {
    try {
      const manifest = JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8'));
      for (const peer of Object.keys(manifest.peerDependencies ?? {})) peers.add(peer);
    } catch {
      // Not installed: `npm ci` reports that, not this check.
    }
  }
  return peers;
}

const problems = [];
for (const workspace of rootManifest.workspaces) {
  const dir = join(root, workspace);
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const runtime = new Set(Object.keys(manifest.dependencies ?? {}));
  const dev = new Set(Object.keys(manifest.devDependencies ?? {}));
  const shared = new Set(Object.keys(rootManifest.devDependencies ?? {}));
  const say = (text) => problems.push(`${manifest.name}: ${text}`);
  const scripts = manifest.scripts ?? {};
  // What production runs (sources and the start script) and what only development does.
  const text = { runtime: scripts.start ?? '', dev: JSON.stringify(scripts) };

  for (const file of sourceFiles(dir)) {
    const source = readFileSync(file, 'utf8');
    const path = relative(dir, file);
    const devFile = DEV_PACKAGES.has(manifest.name) || DEV_FILE.test(path);
    text[devFile ? 'dev' : 'runtime'] += source;
    for (const [, , specifier] of source.matchAll(IMPORT)) {
      const name = packageOf(specifier);
      if (isBuiltin(name) || name === manifest.name) continue;
      if (runtime.has(name)) continue;
      if (devFile && (dev.has(name) || shared.has(name))) continue;
      say(
        dev.has(name)
          ? `${path} runs in production and imports ${name}: move it to dependencies`
          : `${path} imports ${name}, which package.json does not declare`,
      );
    }
  }
  if (/(^|\s)tsx\s/.test(scripts.start ?? '') && !runtime.has('tsx')) {
    say('the start script runs tsx: declare tsx in dependencies');
  }
  const peers = { runtime: peersOf(runtime), dev: peersOf([...runtime, ...dev]) };
  const usedIn = (where, name) => {
    const escaped = name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    // Named in a string (an import, a resolve, a binary's package), run as a binary, or a peer of a used one.
    return (
      new RegExp(`['"\`]${escaped}(['"\`/-])`).test(text[where]) ||
      Object.keys(binOf(name)).some((bin) => new RegExp(`(^|[\\s"&])${bin}\\s`).test(text[where])) ||
      peers[where].has(name)
    );
  };
  for (const name of [...runtime, ...dev]) {
    const typed = name.startsWith('@types/') ? name.slice(7).replace(/^(.+)__(.+)$/, '@$1/$2') : undefined;
    const used = (where) => usedIn(where, name) || (typed !== undefined && usedIn(where, typed));
    if (!used('runtime') && !used('dev')) say(`declares ${name} but nothing in the package uses it`);
    else if (runtime.has(name) && !used('runtime') && !DEV_PACKAGES.has(manifest.name)) {
      say(`only tests, benches or build scripts use ${name}: move it to devDependencies`);
    }
  }
}

function binOf(name) {
  try {
    const manifest = JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8'));
    return typeof manifest.bin === 'string'
      ? { [name.split('/').pop()]: manifest.bin }
      : (manifest.bin ?? {});
  } catch {
    return {};
  }
}

if (problems.length > 0) {
  console.error(`Dependency declarations:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('Dependency declarations: every import declared, runtime ones in dependencies, none unused.');
