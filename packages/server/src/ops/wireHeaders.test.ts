import { beforeAll, describe, expect, test } from 'vitest';
import {
  expectedHead,
  getRequest,
  HELMET_HEADERS,
  maskedHead,
  PAYLOAD_TOO_LARGE_BODY,
  postRequest,
  rawRequest,
} from '../../test/helpers/rawHttp.js';
import { startWireApp, WEB_APP } from '../../test/helpers/startWireApp.js';

/**
 * The complete header block of answers as they leave the socket: every header's name (as written),
 * value and order, for a read, refusals of every kind and a preflight, with the production limits on.
 * A change to the hooks that drops, adds, renames or reorders a header fails here. Values that change
 * from run to run (date, the rate-limit window's seconds left, lengths of bodies that hold times) are
 * masked.
 */
let port: number;

beforeAll(async () => {
  ({ port } = await startWireApp({ writesPerMinute: 6, orders: [{}, {}] }));
});

const raw = (request: string) => rawRequest(port, request);

const masked = (head: string[]) => maskedHead(head, { 'x-ratelimit-reset': '<s>', 'retry-after': '<s>' });

const get = (path: string, extra = '') => raw(getRequest(path, extra));
const post = (path: string, body: string, type = 'application/json', extra = '') =>
  raw(postRequest(path, body, type, extra));

const CORS = `access-control-allow-origin: ${WEB_APP}`;
const writes = (remaining: number) => [
  'x-ratelimit-limit: 6',
  `x-ratelimit-remaining: ${remaining}`,
  'x-ratelimit-reset: <s>',
];

// The tests run in order: the write budget (6 a minute) is spent as they go.
describe('header blocks on the wire', () => {
  test('a read, with and without an Origin', async () => {
    const withOrigin = await get('/order', `Origin: ${WEB_APP}\r\n`);
    const reads = (remaining: number) => [
      'x-ratelimit-limit: 1000',
      `x-ratelimit-remaining: ${remaining}`,
      'x-ratelimit-reset: <s>',
    ];
    expect(masked(withOrigin.head)).toEqual(
      expectedHead('HTTP/1.1 200 OK', {
        vary: 'Origin, Accept-Encoding',
        cors: CORS,
        limits: reads(999),
        length: Buffer.byteLength(withOrigin.body),
      }),
    );
    expect(JSON.parse(withOrigin.body)).toMatchObject({ total: 2, page: 1 });
    const bare = await get('/order');
    expect(bare.body).toBe(withOrigin.body);
    expect(masked(bare.head)).toEqual(
      expectedHead('HTTP/1.1 200 OK', {
        vary: 'Origin, Accept-Encoding',
        limits: reads(998),
        length: Buffer.byteLength(bare.body),
      }),
    );
  });

  test('a 404 and a preflight', async () => {
    const missing = await get('/nope');
    expect(masked(missing.head)).toEqual(expectedHead('HTTP/1.1 404 Not Found', { limits: [], length: 62 }));
    expect(missing.body).toBe('{"code":404,"reason":"No route GET /nope","error":"NOT_FOUND"}');
    const preflight = await raw(
      `OPTIONS /order/new HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nOrigin: ${WEB_APP}\r\nAccess-Control-Request-Method: POST\r\n\r\n`,
    );
    expect(masked(preflight.head)).toEqual([
      'HTTP/1.1 204 No Content',
      ...HELMET_HEADERS,
      'vary: Origin, Access-Control-Request-Headers',
      CORS,
      'access-control-allow-methods: GET, POST, OPTIONS',
      'access-control-max-age: 600',
      'content-length: 0',
      'Date: <date>',
      'Connection: close',
    ]);
  });

  test('refused submissions: invalid order, malformed JSON, wrong type, too large, over the limit', async () => {
    const invalid = await post('/order/new', '{}', 'application/json', `Origin: ${WEB_APP}\r\n`);
    expect(masked(invalid.head)).toEqual(
      expectedHead('HTTP/1.1 400 Bad Request', {
        vary: 'Origin, Accept-Encoding',
        cors: CORS,
        limits: writes(5),
        length: 1244,
      }),
    );
    expect(JSON.parse(invalid.body)).toMatchObject({ code: 100, error: 'VALIDATION_FAILED' });

    const malformed = await post('/order/new', '{"a":');
    expect(masked(malformed.head)).toEqual(
      expectedHead('HTTP/1.1 400 Bad Request', { limits: writes(4), length: 91, early: true }),
    );
    expect(malformed.body).toBe(
      '{"code":101,"reason":"Malformed JSON: the body is not valid JSON","error":"MALFORMED_JSON"}',
    );

    const wrongType = await post('/order/new', '<a/>', 'application/xml');
    expect(masked(wrongType.head)).toEqual(
      expectedHead('HTTP/1.1 415 Unsupported Media Type', { limits: writes(3), length: 276 }),
    );
    expect(JSON.parse(wrongType.body)).toMatchObject({ code: 415, error: 'UNSUPPORTED_MEDIA_TYPE' });

    const large = await post('/order/new', `{"a":"${'x'.repeat(5000)}"}`);
    expect(masked(large.head)).toEqual(
      expectedHead('HTTP/1.1 413 Payload Too Large', { limits: writes(2), length: 104, early: true }),
    );
    expect(large.body).toBe(PAYLOAD_TOO_LARGE_BODY);

    await post('/order/new', '{}');
    await post('/order/new', '{}');
    const limited = await post('/order/new', '{}');
    expect(masked(limited.head)).toEqual(
      expectedHead('HTTP/1.1 429 Too Many Requests', {
        limits: [...writes(0), 'retry-after: <s>'],
        length: 88,
      }),
    );
    expect(limited.body).toBe(
      '{"code":103,"reason":"Too many requests: slow down and retry later","error":"THROTTLED"}',
    );
  });
});
