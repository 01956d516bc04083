// @vitest-environment node
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkFirstViewBudget, measureFirstViewJs, measureInitialJs, mediaMatches } from './bundleSize.ts';

let dist: string;
const files = {
  'assets/index.js': 'import "./react.js";'.repeat(40),
  'assets/react.js': 'export const react = 1;'.repeat(80),
  'assets/CoinOverviewPage.js': 'export const page = 2;'.repeat(500),
  'assets/shared.js': 'export const shared = 4;'.repeat(300),
  'assets/OrdersGrid.js': 'export const grid = 3;'.repeat(700),
};
const gzipped = (file: keyof typeof files) => gzipSync(files[file]).length;

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
      dynamicImports: ['src/coins/CoinOverviewPage.tsx', 'src/browse/OrdersGrid.tsx'],
    },
    '_react.js': { file: 'assets/react.js' },
    '_shared.js': { file: 'assets/shared.js' },
    'src/coins/CoinOverviewPage.tsx': { file: 'assets/CoinOverviewPage.js', imports: ['_react.js'] },
    // The grid imports a chunk index.html does not name: fetched with it all the same.
    'src/browse/OrdersGrid.tsx': { file: 'assets/OrdersGrid.js', imports: ['_react.js', '_shared.js'] },
  };
  await writeFile(join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
  await writeFile(
    join(dist, 'index.html'),
    '<head><script type="module" src="/assets/index.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/react.js">' +
      '<link rel="modulepreload" crossorigin href="/assets/CoinOverviewPage.js">' +
      '<link rel="modulepreload" crossorigin href="/assets/OrdersGrid.js" media="(min-width: 600px)"></head>',
  );
});

afterAll(() => rm(dist, { recursive: true, force: true }));

const phoneTotal = () =>
  gzipped('assets/index.js') + gzipped('assets/react.js') + gzipped('assets/CoinOverviewPage.js');

test('counts the entry and its static imports gzipped, but not lazily loaded chunks', () => {
  const { chunks, totalBytes } = measureInitialJs(dist);
  expect(chunks.map((chunk) => chunk.file).sort()).toEqual(['assets/index.js', 'assets/react.js']);
  expect(totalBytes).toBe(gzipped('assets/index.js') + gzipped('assets/react.js'));
});

test('counts the chunks index.html preloads into the first view, each once', () => {
  const { chunks, totalBytes } = measureFirstViewJs(dist, { widthPx: 390 });
  expect(chunks.map((chunk) => chunk.file).sort()).toEqual([
    'assets/CoinOverviewPage.js',
    'assets/index.js',
    'assets/react.js',
  ]);
  expect(totalBytes).toBe(phoneTotal());
});

test('counts a media-keyed preload, and what it imports, on the screens its query matches only', () => {
  const phone = measureFirstViewJs(dist, { widthPx: 390 });
  const wide = measureFirstViewJs(dist, { widthPx: 1366 });
  expect(phone.chunks.map((chunk) => chunk.file)).not.toContain('assets/OrdersGrid.js');
  expect(wide.chunks.map((chunk) => chunk.file)).toContain('assets/OrdersGrid.js');
  expect(wide.totalBytes).toBe(phoneTotal() + gzipped('assets/OrdersGrid.js') + gzipped('assets/shared.js'));
});

describe('the budget', () => {
  test('fails the screen sizes over it, and only those', () => {
    const wide = phoneTotal() + gzipped('assets/OrdersGrid.js') + gzipped('assets/shared.js');
    const verdicts = checkFirstViewBudget(dist, wide - 1);
    expect(Object.fromEntries(verdicts.map((v) => [v.screen.name, v.over]))).toEqual({
      phone: false,
      tablet: true,
      wide: true,
    });
    expect(checkFirstViewBudget(dist, phoneTotal() - 1).every((v) => v.over)).toBe(true);
  });

  test('passes every screen size at or under it', () => {
    const wide = phoneTotal() + gzipped('assets/OrdersGrid.js') + gzipped('assets/shared.js');
    expect(checkFirstViewBudget(dist, wide).some((v) => v.over)).toBe(false);
  });
});

test.each([
  [undefined, 390, true],
  ['(min-width: 600px)', 390, false],
  ['(min-width: 600px)', 600, true],
  ['(max-width: 599.95px)', 390, true],
  ['(max-width: 599.95px)', 800, false],
  ['(min-width: 600px) and (max-width: 1199.95px)', 800, true],
  ['(min-width: 600px) and (max-width: 1199.95px)', 1366, false],
  ['(orientation: portrait)', 1366, true],
])('media %j on a %i px screen matches: %j', (media, width, expected) => {
  expect(mediaMatches(media, width)).toBe(expected);
});
