/**
 * Initial JS of the build: the entry chunk plus everything it imports statically (what the browser must
 * download before the first paint), gzipped. Reads dist/.vite/manifest.json. Fails above the budget.
 *   tsx scripts/bundleSize.ts [--budget-kb 300]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

const dist = fileURLToPath(new URL('../dist', import.meta.url));
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;
const budgetIndex = process.argv.indexOf('--budget-kb');
const budgetKb = budgetIndex > 0 ? Number(process.argv[budgetIndex + 1]) : 300;

const seen = new Set<string>();
const visit = (key: string) => {
  if (seen.has(key)) return;
  seen.add(key);
  for (const next of manifest[key]?.imports ?? []) visit(next);
};
for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);

let total = 0;
for (const key of seen) {
  const chunk = manifest[key];
  if (!chunk) continue;
  const size = gzipSync(readFileSync(join(dist, chunk.file))).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(8)} kB  ${chunk.file}`);
}
console.log(`${(total / 1024).toFixed(1).padStart(8)} kB  initial JS, gzipped (budget ${budgetKb} kB)`);
if (total > budgetKb * 1024) process.exit(1);
