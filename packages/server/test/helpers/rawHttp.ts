import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** One answer as it left the socket: the status line and header lines as written, and the body. */
export interface RawAnswer {
  head: string[];
  body: string;
}

/**
 * Sends `request` (the bytes of one HTTP/1.1 request) on a connection of its own to 127.0.0.1:`port`
 * and resolves to the answer as sent: header names in their case and order, the body (Content-Length
 * framed) decoded as UTF-8.
 */
export function rawRequest(port: number, request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      const text = data.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = text.slice(0, end).split('\r\n');
      const length = Number(/^content-length: (\d+)$/im.exec(text.slice(0, end))?.[1] ?? 0);
      if (data.length - end - 4 < length) return;
      socket.destroy();
      resolve({ head, body: data.subarray(end + 4, end + 4 + length).toString('utf8') });
    });
    socket.on('error', reject);
    socket.write(request);
  });
}

/** A GET that closes its connection; `extra` is more header lines, each ending in CRLF. */
export const getRequest = (path: string, extra = '') =>
  `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${extra}\r\n`;

/** A POST of `body` as `type` that closes its connection; `extra` as for `getRequest`. */
export const postRequest = (path: string, body: string, type = 'application/json', extra = '') =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: ${type}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${extra}\r\n${body}`;

/** The security headers every API answer carries, as helmet writes them, in order. */
export const HELMET_HEADERS = [
  "Content-Security-Policy: default-src 'none';frame-ancestors 'none'",
  'Cross-Origin-Opener-Policy: same-origin',
  'Cross-Origin-Resource-Policy: cross-origin',
  'Referrer-Policy: no-referrer',
  'Strict-Transport-Security: max-age=15552000; includeSubDomains',
  'X-Content-Type-Options: nosniff',
  'X-DNS-Prefetch-Control: off',
  'X-Frame-Options: DENY',
  'X-Permitted-Cross-Domain-Policies: none',
];

/** The JSON answers' content type, as written. */
export const JSON_TYPE = 'content-type: application/json; charset=utf-8';

/** What `pipelinedGets` read of one answer. */
export interface PipelinedAnswer {
  status: number;
  bodyBytes: number;
}

/**
 * GETs of `paths` pipelined on one kept-alive connection to 127.0.0.1:`port`, at most `window` of them
 * unanswered, resolving to each answer's status and body size in order. Bodies are counted, not kept, so
 * a client that sends many requests holds no memory of its own the test would measure.
 */
export function pipelinedGets(
  port: number,
  paths: readonly string[],
  window = 32,
): Promise<PipelinedAnswer[]> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const answers: PipelinedAnswer[] = [];
    let sent = 0;
    /** Bytes of an answer's head read so far; the body's bytes still to come once it is complete. */
    let head: Buffer = Buffer.alloc(0);
    let bodyLeft = 0;
    let status = 0;
    let bodyBytes = 0;
    const send = () => {
      let text = '';
      while (sent < paths.length && sent - answers.length < window) {
        text += `GET ${paths[sent]} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;
        sent += 1;
      }
      if (text !== '') socket.write(text);
    };
    const answered = () => {
      answers.push({ status, bodyBytes });
      if (answers.length === paths.length) {
        socket.destroy();
        resolve(answers);
      }
    };
    socket.on('data', (chunk: Buffer) => {
      let rest: Buffer = chunk;
      while (rest.length > 0) {
        if (bodyLeft > 0) {
          const take = Math.min(bodyLeft, rest.length);
          bodyLeft -= take;
          rest = rest.subarray(take);
          if (bodyLeft === 0) answered();
          continue;
        }
        head = head.length === 0 ? rest : Buffer.concat([head, rest]);
        const end = head.indexOf('\r\n\r\n');
        if (end < 0) return;
        const text = head.subarray(0, end).toString('latin1');
        status = Number(text.slice(9, 12));
        bodyBytes = Number(/\r\ncontent-length: *(\d+)/i.exec(text)?.[1] ?? 0);
        bodyLeft = bodyBytes;
        rest = head.subarray(end + 4);
        head = Buffer.alloc(0);
        if (bodyLeft === 0) answered();
      }
      send();
    });
    socket.on('error', reject);
    socket.on('close', () => {
      if (answers.length < paths.length)
        reject(new Error(`connection closed after ${answers.length} answers`));
    });
    send();
  });
}

/** Starts `app` listening on a free port of 127.0.0.1 and returns the port. */
export async function listenOnFreePort(app: FastifyInstance): Promise<number> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return (app.server.address() as { port: number }).port;
}

/**
 * Header lines with what changes from run to run masked: the date always, and the value of each named
 * header (lower case) as `masks` says (e.g. `{ 'retry-after': '<s>' }`).
 */
export function maskedHead(head: readonly string[], masks: Readonly<Record<string, string>>): string[] {
  return head.map((line) => {
    if (/^date: /i.test(line)) return 'Date: <date>';
    const colon = line.indexOf(': ');
    const mask = colon > 0 ? masks[line.slice(0, colon).toLowerCase()] : undefined;
    return mask === undefined ? line : `${line.slice(0, colon + 2)}${mask}`;
  });
}

/** What `expectedHead` is told of an answer. */
export interface ExpectedHead {
  /** The Vary header's value ('Origin' for writes). */
  vary?: string;
  /** The CORS header line, for a request with an allowed Origin. */
  cors?: string;
  /** The rate limit's header lines. */
  limits: readonly string[];
  /** Whether the body is JSON (a content type is written). */
  json?: boolean;
  /** The body's Content-Length (a masked placeholder where it varies). */
  length: number | string;
  /**
   * A body the parser refused before any route (malformed or too large): the server closes the
   * connection itself, so its headers come in another order.
   */
  early?: boolean;
}

/** The header block of an API answer with `status` (its status line), in the order the hooks write it. */
export function expectedHead(status: string, head: ExpectedHead): string[] {
  const { vary = 'Origin', cors, limits, json = true, length, early = false } = head;
  const start = [status, ...HELMET_HEADERS, `vary: ${vary}`, ...(cors ? [cors] : []), ...limits];
  const body = [...(json ? [JSON_TYPE] : []), `content-length: ${length}`, 'Date: <date>'];
  return early ? [...start, 'connection: close', ...body] : [...start, ...body, 'Connection: close'];
}

/** The body of a 413 answer to a body over the limit, as sent. */
export const PAYLOAD_TOO_LARGE_BODY =
  '{"code":413,"reason":"The request body is larger than this relayer accepts","error":"PAYLOAD_TOO_LARGE"}';
