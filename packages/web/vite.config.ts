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
 * Lazy chunks the first view needs at once: the home page, the orders grid, the config validator and
 * the rates refresher. The build adds a modulepreload hint for each (and for what they import), so the
 * browser fetches them with the entry instead of one round trip after another.
 */
const FIRST_VIEW_MODULES = [
  'src/config/webConfigSchema.ts',
  'src/home/HomePage.tsx',
  'src/browse/OrdersGrid.tsx',
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
        return {
          html: withScript.replace('__CSP__', csp),
          tags: firstViewPreloads(context.bundle ?? {})
            .filter((href) => !html.includes(href))
            .map((href) => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href },
              injectTo: 'head',
            })),
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
      target: 'es2022',
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

/** URLs of the first view's lazy chunks and everything they import statically. */
function firstViewPreloads(bundle: Rolldown.OutputBundle): string[] {
  const chunks = Object.values(bundle).filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const files = new Set<string>();
  const visit = (chunk: Rolldown.OutputChunk | undefined) => {
    if (!chunk || files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const imported of chunk.imports) visit(byFile.get(imported));
  };
  for (const module of FIRST_VIEW_MODULES) {
    const chunk = chunks.find((item) => item.moduleIds.some((id) => id.endsWith(`/${module}`)));
    if (!chunk) throw new Error(`no chunk holds ${module}`);
    visit(chunk);
  }
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
  plugins: [react(), indexHtml(), protocolIsPure(), devConfigJson(), precompressDist()],
  resolve: {
    alias: { '@coin-icons': coinIconsDir },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    manifest: true,
    // Coin and placeholder SVGs stay files: inlined as data URIs they would bloat the JS that lists them.
    assetsInlineLimit: (file) => (file.endsWith('.svg') ? false : undefined),
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
  server: {
    port: 5173,
    // The coin icons live in the hoisted node_modules; vitest's module server checks this list too.
    fs: { allow: [searchForWorkspaceRoot(process.cwd()), coinIconsDir] },
  },
});
