import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { preferredEncoding } from './preferredEncoding.js';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface CompressionOptions {
  /** Answers shorter than this go as they are: compressing them saves less than the work costs. */
  thresholdBytes: number;
}

/** Text answers worth compressing: JSON (the book, rates, tokens), the docs' HTML and JavaScript. */
const COMPRESSIBLE = /^(application\/(json|javascript)|text\/)/;

/**
 * Large answers compressed as the client's Accept-Encoding asks (br, else gzip), per request: the page
 * cache keeps its pages' plain bytes, so its byte budget means what it says. Brotli runs at quality 4,
 * about gzip's cost with smaller output; the default (11) would cost more than the cache saves. Streams
 * (files, an event stream) and WebSocket upgrades never reach this hook's compression: only a string or
 * Buffer body is compressed.
 */
export function registerCompression(
  app: FastifyInstance,
  { thresholdBytes }: CompressionOptions = { thresholdBytes: 1024 },
): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding')) return payload;
    if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    if (Buffer.byteLength(payload) < thresholdBytes) return payload;
    // Whether this answer is compressed depends on the header: a shared cache must key on it.
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (encoding === undefined || request.method === 'HEAD') return payload;
    const compressed =
      encoding === 'br'
        ? await brotli(payload, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 4,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            },
          })
        : await gzipAsync(payload);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return compressed;
  });
}
