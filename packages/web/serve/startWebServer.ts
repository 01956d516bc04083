import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { cspDirectives } from '../csp.ts';
import { selectVariant } from '../src/config/selectVariant.ts';
import { createFirstRowsSource, type FirstRowsOptions } from './createFirstRowsSource.ts';
import { renderFirstRows } from './renderFirstRows.ts';
import { inlineScriptHashes, renderIndexHtml } from './renderIndexHtml.ts';
import { type ServedConfig, validateConfig } from './servedConfig.ts';

export interface WebServerOptions {
  port?: number;
  host?: string;
  distDir?: string;
  config: ServedConfig;
  /** The home page's first rows, read from the relayer and painted into index.html; false turns it off. */
  firstRows?: FirstRowsOptions | false;
}

export interface WebServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** A response body computed once at start-up, in each encoding a browser may ask for. */
interface Prepared {
  type: string;
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

const defaultDist = fileURLToPath(new URL('../dist', import.meta.url));
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The built app (dist/) on Fastify: files by @fastify/static (precompressed .br/.gz twins from the build,
 * ETags; hashed /assets/ cached for a year, the rest revalidated after 5 minutes), index.html per
 * variant with the runtime config embedded (renderIndexHtml), `/config.json`, history-mode fallback to
 * index.html for paths without an extension, and the security headers by @fastify/helmet with the
 * app's CSP (csp.ts: connect-src names exactly the configured origins; the boot script by hash).
 * Port 0 picks a free port (see `url`).
 */
export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const distDir = resolve(options.distDir ?? defaultDist);
  const config = validateConfig(options.config);
  const template = await readFile(join(distDir, 'index.html'), 'utf8');
  const scriptHashes = inlineScriptHashes(template);
  const indexByVariant = new Map<string, Prepared>();
  for (const variant of config.variants) {
    indexByVariant.set(
      variant.key,
      await prepare('text/html; charset=utf-8', renderIndexHtml(template, config, variant)),
    );
  }
  const configJson = await prepare('application/json; charset=utf-8', JSON.stringify(config));
  const firstRows = options.firstRows === false ? undefined : createFirstRowsSource(options.firstRows);
  // One rendering (and compression) per read of the relayer, not per page load.
  const withRows = new WeakMap<object, Map<string, Promise<Prepared>>>();

  const app = Fastify({ logger: false });
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: cspDirectives(config, 'header', { scriptHashes }),
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // TLS ends at the operator's reverse proxy, which owns HSTS.
    strictTransportSecurity: false,
    // Off would also stop the relayer preconnect of index.html.
    xDnsPrefetchControl: false,
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
  });
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    index: false,
    // Dot-files are not the app's: Vite writes its build manifest (every chunk's name) to .vite/.
    dotfiles: 'ignore',
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, path) => {
      // Vite puts content-hashed names under assets/: safe to cache forever.
      const hashed = path.startsWith(`${join(distDir, 'assets')}/`);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    },
  });

  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    const variant = selectVariant(config.variants, request.hostname.replace(/:\d+$/, ''));
    const index = indexByVariant.get(variant.key);
    if (!index) throw new Error(`no index.html for ${variant.key}`);
    return sendPrepared(request, reply, index);
  };
  // The home page: the book's first rows in the HTML when the relayer answers in time.
  const sendHome = async (request: FastifyRequest, reply: FastifyReply) => {
    const variant = selectVariant(config.variants, request.hostname.replace(/:\d+$/, ''));
    const rows = await firstRows?.get(variant.relayerUrl);
    if (!rows) return sendIndex(request, reply);
    const pages = withRows.get(rows) ?? new Map<string, Promise<Prepared>>();
    withRows.set(rows, pages);
    let page = pages.get(variant.key);
    if (!page) {
      page = prepare(
        'text/html; charset=utf-8',
        renderIndexHtml(template, config, variant, renderFirstRows(rows)),
        FAST_BROTLI,
      );
      pages.set(variant.key, page);
    }
    return sendPrepared(request, reply, await page);
  };
  app.get('/', sendHome);
  app.get('/index.html', sendIndex);
  app.get('/config.json', (request, reply) => sendPrepared(request, reply, configJson));

  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(405).header('allow', 'GET, HEAD').type('text/plain').send('Method not allowed');
    }
    // History-mode routes get the app; a missing file (it has an extension) gets a real 404.
    if (extname(new URL(request.url, 'http://localhost').pathname) === '') return sendIndex(request, reply);
    return reply.code(404).header('cache-control', 'no-store').type('text/plain').send('Not found');
  });
  app.setErrorHandler((error: { statusCode?: number }, _request, reply) => {
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) console.error(error);
    return reply
      .code(status)
      .header('cache-control', 'no-store')
      .type('text/plain')
      .send(status === 500 ? 'Internal error' : 'Bad request');
  });

  await app.listen({ port: options.port ?? 8080, host: options.host ?? '127.0.0.1' });
  const address = app.server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    server: app.server,
    close: async () => {
      app.server.closeAllConnections();
      await app.close();
    },
  };
}

/** Revalidated on every load (no-cache), answered 304 when unchanged, compressed as the browser accepts. */
function sendPrepared(request: FastifyRequest, reply: FastifyReply, body: Prepared) {
  reply.header('content-type', body.type).header('cache-control', 'no-cache').header('etag', body.etag);
  reply.header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === body.etag) return reply.code(304).send();
  const encoding = negotiate(String(request.headers['accept-encoding'] ?? ''), ['br', 'gzip']);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(encoding === 'br' ? body.br : encoding === 'gzip' ? body.gzip : body.identity);
}

/** Brotli quality for pages made per request: fast enough per page load, where the maximum is not. */
const FAST_BROTLI = 5;

async function prepare(
  type: string,
  text: string,
  quality = constants.BROTLI_MAX_QUALITY,
): Promise<Prepared> {
  const identity = Buffer.from(text);
  const [br, gz] = await Promise.all([
    brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } }),
    gzipAsync(identity, { level: quality === constants.BROTLI_MAX_QUALITY ? 9 : 6 }),
  ]);
  const etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
  return { type, etag, identity, br, gzip: gz };
}
