/**
 * Initial JS of the build: the entry chunk plus everything it imports statically (what the browser must
 * download before the first paint), gzipped. Reads dist/.vite/manifest.json. Fails above the budget.
 * Also prints, for information, the first view: the initial JS plus the lazy chunks index.html preloads
 * for the order book (vite.config.ts), i.e. all the code before the first order rows.
 * `npm test` runs it after `vite build`.
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

export interface InitialJs {
  chunks: { file: string; gzipBytes: number }[];
  totalBytes: number;
}

/** The entry chunks and their static imports, transitively; dynamic imports load later and do not count. */
export function measureInitialJs(distDir: string): InitialJs {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);

  const chunks = [...seen].flatMap((key) => {
    const chunk = manifest[key];
    return chunk
      ? [{ file: chunk.file, gzipBytes: gzipSync(readFileSync(join(distDir, chunk.file))).length }]
      : [];
  });
  return { chunks, totalBytes: chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0) };
}

/** The initial JS plus the chunks index.html preloads (`<link rel="modulepreload">`), gzipped. */
export function measureFirstViewJs(distDir: string): InitialJs {
  const initial = measureInitialJs(distDir);
  const known = new Set(initial.chunks.map((chunk) => chunk.file));
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+)"/g)]
    .map((match) => match[1] ?? '')
    .filter((file) => file && !known.has(file))
    .map((file) => ({ file, gzipBytes: gzipSync(readFileSync(join(distDir, file))).length }));
  const chunks = [...initial.chunks, ...preloaded];
  return { chunks, totalBytes: chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0) };
}

function main(): void {
  const budgetIndex = process.argv.indexOf('--budget-kb');
  const budgetKb = budgetIndex > 0 ? Number(process.argv[budgetIndex + 1]) : 250;
  const distDir = fileURLToPath(new URL('../dist', import.meta.url));
  const { chunks, totalBytes } = measureInitialJs(distDir);
  for (const chunk of chunks)
    console.log(`${(chunk.gzipBytes / 1024).toFixed(1).padStart(8)} kB  ${chunk.file}`);
  console.log(
    `${(totalBytes / 1024).toFixed(1).padStart(8)} kB  initial JS, gzipped (budget ${budgetKb} kB)`,
  );
  const firstView = measureFirstViewJs(distDir);
  console.log(
    `${(firstView.totalBytes / 1024).toFixed(1).padStart(8)} kB  first view (initial JS and the ${firstView.chunks.length - chunks.length} chunks index.html preloads for the order book), gzipped`,
  );
  if (totalBytes > budgetKb * 1024) {
    console.error(`Initial JS is over the ${budgetKb} kB budget: move something behind a dynamic import.`);
    process.exit(1);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
