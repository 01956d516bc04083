#!/usr/bin/env node
// Prebuilt JavaScript bundles of what production runs (`node scripts/bundle.mjs <target>...`, or
// `ensureBundle` from another script): the relayer (packages/server/src/main.ts; the Dockerfile's CMD and
// the server's `npm start`), `npm start`'s whole stack (scripts/start.ts) and the bench's relayer process.
// Loading the TypeScript through tsx costs seconds of a relayer's start (it resolves and compiles some
// thousand modules one by one), where one bundle loads in a fraction of that. Tests keep running the sources.
//
// Never stale: a bundle is rebuilt whenever it is missing, or any file it was built from (its esbuild
// metafile's inputs, this script and package-lock.json) changed since it was built (a changed mtime:
// checking every input's mtime is far cheaper than a build). Plain JavaScript, as start.mjs that runs it.
//
// Kept outside the bundle (loaded from node_modules as usual), because bundling breaks them: packages
// that find files next to their own code (PGlite's WebAssembly and data files, native addons, swagger-ui's
// static files, anvil's binary, pino's worker files) and the build tools. A bundle that still names
// `__dirname`/`__filename` (a CommonJS module that finds files next to itself) fails the build, so a new
// such dependency is noticed here rather than at run time. Workspace sources that find files relative to
// `import.meta.url` (the migrations, staticPrices.json, the web app's dist) get their own file's URL,
// relative to the bundle's.
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** What can be bundled, by name: entry point and output, relative to the repository root. */
export const TARGETS = {
  server: { entry: 'packages/server/src/main.ts', outfile: 'packages/server/dist/main.mjs' },
  start: { entry: 'scripts/start.ts', outfile: 'dist/start.mjs' },
  benchServer: {
    entry: 'packages/server/bench/serverProcess.ts',
    outfile: 'packages/server/dist/benchServer.mjs',
  },
};

const EXTERNAL = [
  '@electric-sql/pglite',
  'secp256k1',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  '@fastify/static',
  'pino',
  'thread-stream',
  'pg-native',
  'bufferutil',
  'utf-8-validate',
  '@foundry-rs/anvil',
  'vite',
  'esbuild',
  'fsevents',
];

/** The bundle's output path; built first when it is missing or older than what it was built from. */
export async function ensureBundle(name, { log = console.log } = {}) {
  const target = TARGETS[name];
  if (!target) throw new Error(`no bundle target "${name}" (${Object.keys(TARGETS).join(', ')})`);
  const outfile = join(root, target.outfile);
  const reason = staleReason(outfile);
  if (reason === undefined) return outfile;
  const began = performance.now();
  await build(join(root, target.entry), outfile);
  log(`Bundled ${target.entry} (${reason}) in ${((performance.now() - began) / 1000).toFixed(1)} s.`);
  return outfile;
}

const metaOf = (outfile) => `${outfile}.inputs.json`;

/** Why the bundle must be built, or undefined when it is current. */
function staleReason(outfile) {
  let meta;
  try {
    meta = JSON.parse(readFileSync(metaOf(outfile), 'utf8'));
    statSync(outfile);
  } catch {
    return 'no bundle yet';
  }
  for (const [file, mtimeMs] of Object.entries(meta.inputs)) {
    let now;
    try {
      now = statSync(join(root, file)).mtimeMs;
    } catch {
      return `${file} is gone`;
    }
    if (now !== mtimeMs) return `${file} changed`;
  }
  return undefined;
}

async function build(entry, outfile) {
  const { build: esbuild } = await import('esbuild');
  const began = Date.now();
  const result = await esbuild({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    metafile: true,
    logLevel: 'warning',
    legalComments: 'none',
    external: EXTERNAL.flatMap((name) => [name, `${name}/*`]),
    // CommonJS modules in the bundle call require() for Node's built-ins.
    banner: {
      js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);",
    },
    plugins: [ownFileUrls(dirname(outfile))],
  });
  const text = readFileSync(outfile, 'utf8');
  const nextToItself = text.match(/\b__(dirname|filename)\b/);
  if (nextToItself) {
    const at = text.slice(0, nextToItself.index).lastIndexOf('\n// ');
    const module = text.slice(at + 4, text.indexOf('\n', at + 4));
    throw new Error(
      `${relative(root, outfile)}: ${module} uses ${nextToItself[0]} (finds files next to itself): add its package to EXTERNAL in scripts/bundle.mjs`,
    );
  }
  // The build's own inputs, as they were when it read them, plus what decides what they resolve to.
  const inputs = {};
  for (const file of [
    ...Object.keys(result.metafile.inputs).map((input) => relative(root, join(process.cwd(), input))),
    'scripts/bundle.mjs',
    'package-lock.json',
  ]) {
    const { mtimeMs } = statSync(join(root, file));
    // Changed while the build ran: maybe after it was read, so the next start builds again.
    inputs[file] = mtimeMs >= began ? 0 : mtimeMs;
  }
  mkdirSync(dirname(outfile), { recursive: true });
  writeFileSync(metaOf(outfile), `${JSON.stringify({ entry: relative(root, entry), inputs }, null, 1)}\n`);
}

/**
 * Workspace sources see their own file's URL as `import.meta.url`, not the bundle's: found from the
 * bundle's own URL by a relative path, so a moved or copied repository (a Docker image) still works.
 */
function ownFileUrls(outdir) {
  return {
    name: 'own-file-urls',
    setup(builder) {
      builder.onLoad({ filter: /\.(ts|tsx|mts|js|mjs)$/ }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        if (args.path.includes('/node_modules/')) {
          // A package's own files found from its import.meta.url would be looked for next to the bundle.
          if (/\bimport\.meta\.(url|dirname|filename)\b/.test(source)) {
            throw new Error(
              `${args.path} finds files from import.meta: add its package to EXTERNAL in scripts/bundle.mjs`,
            );
          }
          return undefined;
        }
        if (!source.includes('import.meta.url')) return undefined;
        const ext = extname(args.path).slice(1);
        const path = relative(outdir, args.path).split(sep).join('/');
        return {
          contents: source.replaceAll(
            'import.meta.url',
            `new URL(${JSON.stringify(path)}, import.meta.url).href`,
          ),
          loader: ext === 'mts' ? 'ts' : ext === 'mjs' ? 'js' : ext,
        };
      });
    },
  };
}

// `node scripts/bundle.mjs server start`: each target made current.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const names = process.argv.slice(2);
  if (names.length === 0) {
    console.error(`usage: node scripts/bundle.mjs <${Object.keys(TARGETS).join('|')}>...`);
    process.exit(2);
  }
  try {
    for (const name of names) await ensureBundle(name);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
