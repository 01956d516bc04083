import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin, type Rolldown, searchForWorkspaceRoot } from 'vite';
import { type CspConfig, contentSecurityPolicy, scriptHash } from './csp.ts';
import { precompress } from './serve/precompress.ts';

const require = createRequire(import.meta.url);
const coinIconsDir = `${dirname(require.resolve('cryptocurrency-icons/package.json'))}/svg/color`;

const here = fileURLToPath(new URL('.', import.meta.url));

/**
 * Lazy chunks the first view needs at once: the home page (with the book's table and cards), the config
 * validator and the rates refresher. The build adds a modulepreload hint for each (and for what they
 * import), so the browser fetches them with the entry instead of one round trip after another.
 */
const FIRST_VIEW_MODULES = [
  'src/config/webConfigSchema.ts',
  'src/home/HomePage.tsx',
  'src/prices/RatesRefresher.tsx',
  'src/app/prefetchFirstView.ts',
];

/**
 * index.html at build time: the boot script (src/boot/bootScript.ts, bundled on its own) inlined in the
 * head, modulepreload hints for the first view's lazy chunks, and the build's own CSP meta tag, with the
 * boot script's hash, for hosts that serve dist/ as plain files: connect-src comes from the config named
 * by RELAYER_WEB_CONFIG (a config.json) or the local defaults. serve.ts rewrites the tag per deployment.
 * The dev server drops the tag because React's refresh preamble is an inline script.
 */
function indexHtml(): Plugin {
  let command: 'build' | 'serve' = 'serve';
  let bootScript = '';
  return {
    name: 'relayer-index-html',
    configResolved(config) {
      command = config.command;
    },
    async buildStart() {
      if (command === 'build') bootScript = await bundleBootScript();
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (command === 'serve')
          return html.replace(/\s*<meta http-equiv="Content-Security-Policy"[^>]*>/, '');
        const withScript = html.replace(BOOT_SCRIPT_PLACEHOLDER, () => `<script>${bootScript}</script>`);
        const file = process.env.RELAYER_WEB_CONFIG;
        const config: CspConfig = file
          ? JSON.parse(readFileSync(file, 'utf8'))
          : { variants: [{ relayerUrl: 'http://127.0.0.1:3000', rpcUrl: 'http://127.0.0.1:8545' }] };
        const csp = contentSecurityPolicy(config, 'meta', { scriptHashes: [scriptHash(bootScript)] });
        const firstView = preloads(context.bundle ?? {}, FIRST_VIEW_MODULES).filter(
          (href) => !html.includes(href),
        );
        return {
          html: withScript.replace('__CSP__', csp),
          tags: [
            ...firstView.map((href) => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href },
              injectTo: 'head' as const,
            })),
          ],
        };
      },
    },
  };
}

const BOOT_SCRIPT_PLACEHOLDER = '<!-- relayer:boot-script -->';

/** The boot script as one small IIFE, minified (a nested build of its own, sharing the app's modules). */
async function bundleBootScript(): Promise<string> {
  const output = await build({
    configFile: false,
    root: here,
    logLevel: 'warn',
    publicDir: false,
    plugins: [protocolIsPure()],
    build: {
      write: false,
      target,
      minify: true,
      lib: { entry: 'src/boot/bootScript.ts', formats: ['iife'], name: 'relayerBoot' },
    },
  });
  const [result] = Array.isArray(output) ? output : [output];
  const chunk =
    result && 'output' in result ? result.output.find((item) => item.type === 'chunk') : undefined;
  if (!chunk) throw new Error('the boot script did not bundle');
  return chunk.code.trim();
}

function chunkHolding(chunks: Rolldown.OutputChunk[], module: string): Rolldown.OutputChunk {
  const chunk = chunks.find((item) => item.moduleIds.some((id) => id.endsWith(`/${module}`)));
  if (!chunk) throw new Error(`no chunk holds ${module}`);
  return chunk;
}

/** URLs of the lazy chunks holding `modules` and everything they import statically. */
function preloads(bundle: Rolldown.OutputBundle, modules: readonly string[]): string[] {
  const chunks = Object.values(bundle).filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const files = new Set<string>();
  const visit = (chunk: Rolldown.OutputChunk | undefined) => {
    if (!chunk || files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const imported of chunk.imports) visit(byFile.get(imported));
  };
  for (const module of modules) visit(chunkHolding(chunks, module));
  return [...files].map((file) => `/${file}`);
}

/**
 * @relayer/protocol is pure (no module-level side effects) but its package.json does not say so, so the
 * bundler would keep every module its index re-exports (test vectors, secp256k1 recovery) in the entry.
 */
function protocolIsPure(): Plugin {
  return {
    name: 'relayer-protocol-pure',
    transform(_code, id) {
      return /[\\/]packages[\\/]protocol[\\/]src[\\/]/.test(id) ? { moduleSideEffects: false } : undefined;
    },
  };
}

/**
 * The dev server's /config.json: the file named by RELAYER_WEB_CONFIG, else 404 (the app then uses the
 * local defaults) rather than Vite's SPA fallback page.
 */
function devConfigJson(): Plugin {
  return {
    name: 'relayer-dev-config-json',
    configureServer(server) {
      server.middlewares.use('/config.json', (_req, res) => {
        const file = process.env.RELAYER_WEB_CONFIG;
        res.setHeader('content-type', 'application/json');
        if (!file) {
          res.statusCode = 404;
          res.end('{}');
          return;
        }
        res.end(readFileSync(file, 'utf8'));
      });
    },
  };
}

const target = 'es2022';
const alias = { '@coin-icons': coinIconsDir };
// Coin and placeholder SVGs stay files: inlined as data URIs they would bloat the JS that lists them.
const assetsInlineLimit = (file: string) => (file.endsWith('.svg') ? false : undefined);
// React changes less often than the app: its own chunk stays cached across releases.
const reactGroup: Rolldown.CodeSplittingGroup = {
  name: 'react',
  test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
  priority: 3,
};

/**
 * The first view in four files instead of ~50. Automatic code splitting makes a chunk per set of
 * importers, so the entry and the lazy chunks of the first view came in dozens of small files: each a
 * request the web server (sharing its process with the relayer under `npm start`) answers and the
 * browser schedules. A first pass of the same build (automatic splitting, nothing written) shows which
 * modules end up in the entry's static chunks and which only in the first view's lazy chunks
 * (FIRST_VIEW_MODULES); this build then puts the former in the entry chunk (beside React's) and the
 * latter in one 'book' chunk, which index.html preloads. Code only other screens use keeps automatic
 * chunks. The pass is exact because it reads the chunks after tree-shaking; following imports would
 * drag in whole libraries through their index files.
 */
function firstViewChunks(): { plugin: Plugin; groups: Rolldown.CodeSplittingGroup[] } {
  const shell = new Set<string>();
  const book = new Set<string>();
  const plugin: Plugin = {
    name: 'relayer-first-view-chunks',
    apply: 'build',
    async buildStart() {
      const output = await build({
        configFile: false,
        root: here,
        logLevel: 'silent',
        publicDir: false,
        plugins: [react(), protocolIsPure()],
        resolve: { alias },
        build: {
          write: false,
          target,
          assetsInlineLimit,
          rolldownOptions: { output: { codeSplitting: { groups: [reactGroup] } } },
        },
      });
      const [result] = Array.isArray(output) ? output : [output];
      if (!result || !('output' in result)) throw new Error('the chunk probe built nothing');
      const chunks = result.output.filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const withImports = (roots: Rolldown.OutputChunk[]) => {
        const files = new Set<string>();
        const visit = (chunk: Rolldown.OutputChunk | undefined) => {
          if (!chunk || files.has(chunk.fileName)) return;
          files.add(chunk.fileName);
          for (const imported of chunk.imports) visit(byFile.get(imported));
        };
        for (const root of roots) visit(root);
        return [...files].flatMap((file) => byFile.get(file)?.moduleIds ?? []);
      };
      for (const id of withImports(chunks.filter((chunk) => chunk.isEntry))) {
        // The entry module itself stays the entry chunk's facade.
        if (!id.endsWith('/src/main.tsx')) shell.add(id);
      }
      for (const id of withImports(FIRST_VIEW_MODULES.map((module) => chunkHolding(chunks, module)))) {
        if (!shell.has(id)) book.add(id);
      }
    },
  };
  return {
    plugin,
    groups: [
      reactGroup,
      { name: 'shell', test: (id) => shell.has(id), priority: 2 },
      // Every import of these is in 'shell', React's chunk or this group.
      { name: 'book', test: (id) => book.has(id), priority: 1, includeDependenciesRecursively: false },
    ],
  };
}

const firstView = firstViewChunks();

/** dist/ gets .br and .gz twins of its text files, so the web server sends them as they are. */
function precompressDist(): Plugin {
  let outDir = '';
  return {
    name: 'relayer-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      await precompress(resolve(here, outDir));
    },
  };
}

export default defineConfig({
  plugins: [react(), indexHtml(), protocolIsPure(), devConfigJson(), precompressDist(), firstView.plugin],
  resolve: { alias },
  build: {
    target,
    sourcemap: true,
    manifest: true,
    assetsInlineLimit,
    // The 'book' chunk (firstViewChunks) is big on purpose: one request for the first view's lazy code.
    chunkSizeWarningLimit: 1024,
    rolldownOptions: { output: { codeSplitting: { groups: firstView.groups } } },
  },
  server: {
    port: 5173,
    // The coin icons live in the hoisted node_modules; vitest's module server checks this list too.
    fs: { allow: [searchForWorkspaceRoot(process.cwd()), coinIconsDir] },
  },
});
