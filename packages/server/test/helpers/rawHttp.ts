import { connect } from 'node:net';

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
