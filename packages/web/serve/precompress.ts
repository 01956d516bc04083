import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; source maps are only fetched by developer tools. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt']);

/**
 * Writes `file.br` (brotli, best) and `file.gz` (gzip -9) beside every text file of a built dist/, where
 * that is smaller, so the web server sends compressed bytes without compressing per request
 * (@fastify/static's `preCompressed`). Run by vite.config.ts after each production build.
 */
export async function precompress(dir: string): Promise<{ files: number }> {
  let files = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.has(extname(entry.name))) continue;
    // The build manifest (.vite/) is for tools, never served.
    if (`${entry.parentPath}${sep}`.includes(`${sep}.vite${sep}`)) continue;
    const file = join(entry.parentPath, entry.name);
    const body = await readFile(file);
    const [br, gz] = await Promise.all([
      brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      gzipAsync(body, { level: 9 }),
    ]);
    if (br.length < body.length) await writeFile(`${file}.br`, br);
    if (gz.length < body.length) await writeFile(`${file}.gz`, gz);
    files++;
  }
  return { files };
}
