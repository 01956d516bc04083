import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, searchForWorkspaceRoot } from 'vite';
import { type CspConfig, contentSecurityPolicy } from './csp.ts';

const require = createRequire(import.meta.url);
const coinIconsDir = `${dirname(require.resolve('cryptocurrency-icons/package.json'))}/svg/color`;

/**
 * The build's own CSP meta tag, for hosts that serve dist/ as plain files: connect-src comes from the
 * config named by RELAYER_WEB_CONFIG (a config.json) or the local defaults. serve.ts rewrites it per
 * deployment. The dev server drops the tag because React's refresh preamble is an inline script.
 */
function cspMeta(): Plugin {
  let command: 'build' | 'serve' = 'serve';
  return {
    name: 'relayer-csp-meta',
    configResolved(config) {
      command = config.command;
    },
    transformIndexHtml(html) {
      if (command === 'serve') return html.replace(/\s*<meta http-equiv="Content-Security-Policy"[^>]*>/, '');
      const file = process.env.RELAYER_WEB_CONFIG;
      const config: CspConfig = file
        ? JSON.parse(readFileSync(file, 'utf8'))
        : { variants: [{ relayerUrl: 'http://127.0.0.1:3000', rpcUrl: 'http://127.0.0.1:8545' }] };
      return html.replace('__CSP__', contentSecurityPolicy(config, 'meta'));
    },
  };
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

export default defineConfig({
  plugins: [react(), cspMeta(), protocolIsPure(), devConfigJson()],
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
