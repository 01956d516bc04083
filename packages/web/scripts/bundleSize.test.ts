// @vitest-environment node
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { measureFirstViewJs, measureInitialJs } from './bundleSize.ts';

let dist: string;
const files = {
  'assets/index.js': 'import "./react.js";'.repeat(40),
  'assets/react.js': 'export const react = 1;'.repeat(80),
  'assets/CoinOverviewPage.js': 'export const page = 2;'.repeat(500),
};

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'web-size-'));
  await mkdir(join(dist, '.vite'), { recursive: true });
  await mkdir(join(dist, 'assets'));
  for (const [file, text] of Object.entries(files)) await writeFile(join(dist, file), text);
  const manifest = {
    'index.html': {
      file: 'assets/index.js',
      isEntry: true,
      imports: ['_react.js'],
      dynamicImports: ['src/coins/CoinOverviewPage.tsx'],
    },
    '_react.js': { file: 'assets/react.js' },
    'src/coins/CoinOverviewPage.tsx': { file: 'assets/CoinOverviewPage.js', imports: ['_react.js'] },
  };
  await writeFile(join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
  await writeFile(
    join(dist, 'index.html'),
    '<head><script type="module" src="/assets/index.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/react.js">' +
      '<link rel="modulepreload" crossorigin href="/assets/CoinOverviewPage.js"></head>',
  );
});

afterAll(() => rm(dist, { recursive: true, force: true }));

test('counts the entry and its static imports gzipped, but not lazily loaded chunks', () => {
  const gzipped = (file: keyof typeof files) => gzipSync(files[file]).length;
  const { chunks, totalBytes } = measureInitialJs(dist);
  expect(chunks.map((chunk) => chunk.file).sort()).toEqual(['assets/index.js', 'assets/react.js']);
  expect(totalBytes).toBe(gzipped('assets/index.js') + gzipped('assets/react.js'));
});

test('counts the chunks index.html preloads into the first view, each once', () => {
  const gzipped = (file: keyof typeof files) => gzipSync(files[file]).length;
  const { chunks, totalBytes } = measureFirstViewJs(dist);
  expect(chunks.map((chunk) => chunk.file).sort()).toEqual([
    'assets/CoinOverviewPage.js',
    'assets/index.js',
    'assets/react.js',
  ]);
  expect(totalBytes).toBe(
    gzipped('assets/index.js') + gzipped('assets/react.js') + gzipped('assets/CoinOverviewPage.js'),
  );
});
