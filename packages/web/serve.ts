/**
 * A small, dependency-free static server for the built app (dist/): SPA fallback to index.html, the
 * runtime /config.json, and a Content-Security-Policy whose connect-src names exactly the relayer, node,
 * analytics and ticker origins of that config. `npm start -w @relayer/web` and the e2e tests use it.
 *
 *   tsx serve.ts [--port 8080] [--host 127.0.0.1] [--dist dist] [--config web-config.json]
 *                [--variants '<JSON array of variants>'] [--main-relayer-url URL --main-rpc-url URL
 *                 --main-hosts a,b --main-chain-id 1 --main-name Mainnet --main-site-url URL
 *                 --main-explorer-url URL]
 *                [--kovan-... likewise] [--analytics off|on] [--analytics-endpoint URL] [--ticker-url URL]
 *
 * Every flag also reads an environment variable: --main-relayer-url is WEB_MAIN_RELAYER_URL, --port is
 * WEB_PORT, and so on (upper case, WEB_ prefix, dashes to underscores).
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { contentSecurityPolicy } from './csp.ts';

export interface ServedVariant {
  key: 'main' | 'kovan';
  name: string;
  hosts: string[];
  chainId: number;
  relayerUrl: string;
  rpcUrl: string;
  siteUrl: string;
  otherSiteUrl?: string;
  /** The network's block explorer (Etherscan layout); links only, so not in the CSP. */
  explorerUrl?: string;
}

export interface ServedConfig {
  variants: ServedVariant[];
  analytics?: { enabled: boolean; endpoint?: string };
  tickerUrl?: string;
  links?: { about: string; frontendSource: string; backendSource: string };
}

export interface WebServerOptions {
  port?: number;
  host?: string;
  distDir?: string;
  config: ServedConfig;
}

export interface WebServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

const here = fileURLToPath(new URL('.', import.meta.url));

const mimeTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};
const compressible = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt']);

/** Starts the server; resolves once it listens. Port 0 picks a free port (see `url`). */
export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const distDir = resolve(options.distDir ?? join(here, 'dist'));
  const config = validateConfig(options.config);
  const csp = contentSecurityPolicy(config, 'header');
  const indexHtml = (await readFile(join(distDir, 'index.html'), 'utf8')).replace(
    /(<meta http-equiv="Content-Security-Policy" content=")[^"]*(")/,
    `$1${escapeAttribute(contentSecurityPolicy(config, 'meta'))}$2`,
  );
  const configJson = JSON.stringify(config);
  const gzipCache = new Map<string, Buffer>();

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error(error);
      if (!res.headersSent) send(req, res, 500, 'text/plain; charset=utf-8', 'Internal error', 'no-store');
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    setSecurityHeaders(res, csp);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('allow', 'GET, HEAD');
      return send(req, res, 405, 'text/plain; charset=utf-8', 'Method not allowed', 'no-store');
    }
    const pathname = decodePath(req.url ?? '/');
    if (pathname === undefined)
      return send(req, res, 400, 'text/plain; charset=utf-8', 'Bad request', 'no-store');
    if (pathname === '/config.json')
      return send(req, res, 200, mimeTypes['.json'] ?? '', configJson, 'no-cache');
    if (pathname === '/' || pathname === '/index.html') return sendIndex(req, res);

    const file = resolve(distDir, `.${normalize(pathname)}`);
    if (!file.startsWith(distDir + sep))
      return send(req, res, 404, 'text/plain; charset=utf-8', 'Not found', 'no-store');
    const info = await stat(file).catch(() => undefined);
    if (info?.isFile()) return sendFile(req, res, file, info.size, pathname);
    // SPA fallback: client-side routes get the app; missing assets get a real 404.
    if (extname(pathname) === '') return sendIndex(req, res);
    return send(req, res, 404, 'text/plain; charset=utf-8', 'Not found', 'no-store');
  }

  function sendIndex(req: IncomingMessage, res: ServerResponse): void {
    send(req, res, 200, mimeTypes['.html'] ?? '', indexHtml, 'no-cache');
  }

  async function sendFile(
    req: IncomingMessage,
    res: ServerResponse,
    file: string,
    size: number,
    pathname: string,
  ) {
    const ext = extname(file).toLowerCase();
    const type = mimeTypes[ext] ?? 'application/octet-stream';
    // Vite puts content-hashed names under /assets: safe to cache forever.
    const cache = pathname.startsWith('/assets/')
      ? 'public, max-age=31536000, immutable'
      : 'public, max-age=300';
    if (compressible.has(ext) && acceptsGzip(req)) {
      let body = gzipCache.get(file);
      if (!body) {
        body = gzipSync(await readFile(file));
        gzipCache.set(file, body);
      }
      res.setHeader('content-encoding', 'gzip');
      res.setHeader('vary', 'accept-encoding');
      return send(req, res, 200, type, body, cache);
    }
    res.writeHead(200, { 'content-type': type, 'content-length': size, 'cache-control': cache });
    if (req.method === 'HEAD') return void res.end();
    createReadStream(file).pipe(res);
  }

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8080, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolveListen();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    server,
    close: () =>
      new Promise<void>((resolveClose, reject) => {
        server.close((error) => (error ? reject(error) : resolveClose()));
        server.closeAllConnections();
      }),
  };
}

function setSecurityHeaders(res: ServerResponse, csp: string): void {
  res.setHeader('content-security-policy', csp);
  res.setHeader('x-content-type-options', 'nosniff');
  res.setHeader('x-frame-options', 'DENY');
  res.setHeader('referrer-policy', 'strict-origin-when-cross-origin');
  res.setHeader('cross-origin-opener-policy', 'same-origin');
  res.setHeader('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
}

function send(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  type: string,
  body: string | Buffer,
  cache: string,
): void {
  const buffer = typeof body === 'string' ? Buffer.from(body) : body;
  res.writeHead(status, { 'content-type': type, 'content-length': buffer.length, 'cache-control': cache });
  res.end(req.method === 'HEAD' ? undefined : buffer);
}

function decodePath(url: string): string | undefined {
  try {
    const pathname = decodeURIComponent(new URL(url, 'http://localhost').pathname);
    return pathname.includes('\0') ? undefined : pathname;
  } catch {
    return undefined;
  }
}

function acceptsGzip(req: IncomingMessage): boolean {
  return /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

/** Light checks only (the app validates the config fully with zod); enough to fail fast at start-up. */
export function validateConfig(config: ServedConfig): ServedConfig {
  if (!Array.isArray(config.variants) || config.variants.length === 0)
    throw new Error('config needs at least one variant');
  for (const variant of config.variants) {
    if (variant.key !== 'main' && variant.key !== 'kovan')
      throw new Error(`variant key must be main or kovan`);
    if (!Number.isInteger(variant.chainId))
      throw new Error(`variant ${variant.key}: chainId must be an integer`);
    for (const field of ['relayerUrl', 'rpcUrl', 'siteUrl'] as const) {
      const url = variant[field];
      if (typeof url !== 'string' || !/^https?:\/\//.test(url)) {
        throw new Error(`variant ${variant.key}: ${field} must be an http(s) URL`);
      }
    }
    if (variant.explorerUrl !== undefined && !/^https?:\/\//.test(variant.explorerUrl))
      throw new Error(`variant ${variant.key}: explorerUrl must be an http(s) URL`);
  }
  return config;
}

type Flags = Record<string, string>;

function readFlags(argv: readonly string[], env: NodeJS.ProcessEnv): Flags {
  const flags: Flags = {};
  for (const [name, value] of Object.entries(env)) {
    // Empty values (a copied .env.example) mean "not set".
    if (name.startsWith('WEB_') && value) {
      flags[name.slice(4).toLowerCase().replace(/_/g, '-')] = value;
    }
  }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (!arg.startsWith('--')) throw new Error(`unexpected argument ${arg}`);
    const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    const value = inline ?? argv[++i];
    if (value === undefined) throw new Error(`--${name} needs a value`);
    flags[name] = value;
  }
  return flags;
}

function variantFromFlags(
  flags: Flags,
  key: 'main' | 'kovan',
  fallbackSite: string,
): ServedVariant | undefined {
  const relayerUrl = flags[`${key}-relayer-url`];
  const rpcUrl = flags[`${key}-rpc-url`];
  if (!relayerUrl && !rpcUrl) return undefined;
  if (!relayerUrl || !rpcUrl) throw new Error(`--${key}-relayer-url and --${key}-rpc-url go together`);
  const isMain = key === 'main';
  return {
    key,
    name: flags[`${key}-name`] ?? (isMain ? 'Mainnet' : 'Kovan'),
    hosts: (flags[`${key}-hosts`] ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean),
    chainId: Number(flags[`${key}-chain-id`] ?? (isMain ? 1 : 42)),
    relayerUrl,
    rpcUrl,
    siteUrl: flags[`${key}-site-url`] ?? fallbackSite,
    ...(flags[`${key}-other-site-url`] ? { otherSiteUrl: flags[`${key}-other-site-url`] } : {}),
    ...(flags[`${key}-explorer-url`] ? { explorerUrl: flags[`${key}-explorer-url`] } : {}),
  };
}

/** The served config from flags/env: a config file, a variants JSON, or per-variant URLs; else local defaults. */
export async function configFromFlags(flags: Flags, siteUrl: string): Promise<ServedConfig> {
  let config: ServedConfig;
  if (flags.config) {
    config = JSON.parse(await readFile(flags.config, 'utf8')) as ServedConfig;
  } else if (flags.variants) {
    config = { variants: JSON.parse(flags.variants) as ServedVariant[] };
  } else {
    const variants = [
      variantFromFlags(flags, 'main', siteUrl),
      variantFromFlags(flags, 'kovan', siteUrl),
    ].filter((v): v is ServedVariant => v !== undefined);
    config = {
      variants:
        variants.length > 0
          ? variants
          : [
              {
                key: 'main',
                name: 'Local',
                hosts: ['localhost', '127.0.0.1'],
                chainId: 50,
                relayerUrl: 'http://127.0.0.1:3000',
                rpcUrl: 'http://127.0.0.1:8545',
                siteUrl,
              },
            ],
    };
  }
  if (flags.analytics) config.analytics = { ...config.analytics, enabled: flags.analytics !== 'off' };
  if (flags['analytics-endpoint']) {
    config.analytics = { enabled: config.analytics?.enabled ?? true, endpoint: flags['analytics-endpoint'] };
  }
  if (flags['ticker-url']) config.tickerUrl = flags['ticker-url'];
  return config;
}

async function main(): Promise<void> {
  const flags = readFlags(process.argv.slice(2), process.env);
  const port = Number(flags.port ?? 8080);
  const host = flags.host ?? '127.0.0.1';
  const config = await configFromFlags(flags, `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`);
  const server = await startWebServer({ port, host, distDir: flags.dist, config });
  console.log(
    `web app on ${server.url} (${config.variants.map((v) => `${v.name}: ${v.relayerUrl}`).join(', ')})`,
  );
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      server.close().finally(() => process.exit(0));
    });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
