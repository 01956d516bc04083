/**
 * First-view JS of the build per screen size, gzipped: the entry chunk and everything it imports
 * statically, plus every chunk index.html preloads (`<link rel="modulepreload">`) for that screen (a
 * hint with a `media` query counts where the query matches) and what those import. That is all the
 * code a browser fetches before the first order rows. Reads dist/.vite/manifest.json and
 * dist/index.html. Fails when any screen size is over the budget. `npm test` runs it after `vite build`.
 *   tsx scripts/bundleSize.ts [--budget-kb 250]
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

type Manifest = Record<string, ManifestChunk>;

export interface InitialJs {
  chunks: { file: string; gzipBytes: number }[];
  totalBytes: number;
}

/** The screens the budget holds for: a phone, a tablet and a laptop (the audit's 1366 px). */
export const SCREENS = [
  { name: 'phone', widthPx: 390 },
  { name: 'tablet', widthPx: 800 },
  { name: 'wide', widthPx: 1366 },
] as const;

export type Screen = (typeof SCREENS)[number];

function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** Manifest keys of `roots` and their static imports, transitively. */
function withStaticImports(manifest: Manifest, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  for (const root of roots) visit(root);
  return seen;
}

function measure(distDir: string, files: Iterable<string>): InitialJs {
  const chunks = [...new Set(files)].map((file) => ({
    file,
    gzipBytes: gzipSync(readFileSync(join(distDir, file))).length,
  }));
  return { chunks, totalBytes: chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0) };
}

/** The entry chunks and their static imports, transitively; dynamic imports load later and do not count. */
export function measureInitialJs(distDir: string): InitialJs {
  const manifest = readManifest(distDir);
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const keys = withStaticImports(manifest, entries);
  return measure(
    distDir,
    [...keys].flatMap((key) => manifest[key]?.file ?? []),
  );
}

/**
 * Whether a modulepreload's `media` holds on a screen this wide: `(min-width: …px)` and
 * `(max-width: …px)` joined by `and`; any other query is taken to match, so the count errs high.
 */
export function mediaMatches(media: string | undefined, widthPx: number): boolean {
  if (media === undefined) return true;
  return media.split(/\s+and\s+/).every((part) => {
    const match = /^\(\s*(min|max)-width\s*:\s*([\d.]+)px\s*\)$/.exec(part.trim());
    if (!match) return true;
    const limit = Number(match[2]);
    return match[1] === 'min' ? widthPx >= limit : widthPx <= limit;
  });
}

/** The first view's JS on a screen `widthPx` wide: the initial JS and what index.html preloads for it. */
export function measureFirstViewJs(distDir: string, { widthPx }: { widthPx: number }): InitialJs {
  const manifest = readManifest(distDir);
  const keyByFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]*>/g)]
    .map((match) => match[0])
    .filter((tag) => mediaMatches(/ media="([^"]*)"/.exec(tag)?.[1], widthPx))
    .map((tag) => /href="\/([^"]+)"/.exec(tag)?.[1] ?? '')
    .filter((file) => file !== '');
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const keys = withStaticImports(manifest, [
    ...entries,
    ...preloaded.flatMap((file) => keyByFile.get(file) ?? []),
  ]);
  const files = [...[...keys].flatMap((key) => manifest[key]?.file ?? []), ...preloaded];
  return measure(distDir, files);
}

export interface ScreenVerdict {
  screen: Screen;
  js: InitialJs;
  over: boolean;
}

/** Each screen size's first-view JS against the budget. */
export function checkFirstViewBudget(distDir: string, budgetBytes: number): ScreenVerdict[] {
  return SCREENS.map((screen) => {
    const js = measureFirstViewJs(distDir, screen);
    return { screen, js, over: js.totalBytes > budgetBytes };
  });
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(8);

function main(): void {
  const budgetIndex = process.argv.indexOf('--budget-kb');
  const budgetKb = budgetIndex > 0 ? Number(process.argv[budgetIndex + 1]) : 250;
  const distDir = fileURLToPath(new URL('../dist', import.meta.url));
  const initial = measureInitialJs(distDir);
  for (const chunk of initial.chunks) console.log(`${kb(chunk.gzipBytes)} kB  ${chunk.file}`);
  console.log(`${kb(initial.totalBytes)} kB  initial JS (the entry and its static imports), gzipped`);
  const verdicts = checkFirstViewBudget(distDir, budgetKb * 1024);
  for (const { screen, js, over } of verdicts) {
    const extra = js.chunks.length - initial.chunks.length;
    console.log(
      `${kb(js.totalBytes)} kB  first view, ${screen.name} (${screen.widthPx} px): initial JS and ${extra} preloaded chunks, gzipped (budget ${budgetKb} kB)${over ? '  OVER' : ''}`,
    );
  }
  const over = verdicts.filter((verdict) => verdict.over);
  if (over.length > 0) {
    console.error(
      `First-view JS is over the ${budgetKb} kB budget on ${over.map((v) => v.screen.name).join(', ')}: move something behind a dynamic import that the first view does not preload.`,
    );
    process.exit(1);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
