import { signedOrderSchema } from '@relayer/protocol';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import {
  expectedHead,
  maskedHead,
  PAYLOAD_TOO_LARGE_BODY,
  postRequest,
  rawRequest,
} from '../../test/helpers/rawHttp.js';
import { startWireApp, WEB_APP } from '../../test/helpers/startWireApp.js';

/**
 * The submission routes' answers as they leave the socket (`POST /order/new`, `POST /v0/order`): the
 * status line, every header's name as written, its value and order, and the body's bytes, for accepted
 * and already-open orders and for every refusal the HTTP layer makes itself (malformed JSON, an empty
 * body, prototype poisoning, the wrong type, too large), plus what the route hands `submitOrder` for
 * each kind of body. The acceptance is replaced by a fixed answer for order-shaped bodies carrying
 * the salts below (the record is a real one, read back from the app); every other body goes to the
 * real acceptance. Values that change from run to run (date, the rate-limit window) are masked.
 */
const CREATED_SALT = '424242';
const EXISTING_SALT = '434343';
const received: unknown[] = [];
const answers: { record?: unknown } = {};

vi.mock('../orders/submitOrder.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../orders/submitOrder.js')>();
  return {
    ...real,
    submitOrder: async (context: Parameters<typeof real.submitOrder>[0], body: unknown) => {
      received.push(body);
      const order = (typeof body === 'string' ? JSON.parse(body) : body) as { salt?: unknown } | null;
      const salt = typeof order === 'object' && order !== null ? order.salt : undefined;
      if (salt === CREATED_SALT) return { status: 'created', order: answers.record };
      if (salt === EXISTING_SALT) return { status: 'existing', order: answers.record };
      return real.submitOrder(context, body);
    },
  };
});

let env: Awaited<ReturnType<typeof startWireApp>>['env'];
let port: number;
/** The record the fixed answers carry: a stored order as the app reads it, with text that JSON escapes. */
let record: Record<string, unknown>;
let order: Record<string, unknown>;

beforeAll(async () => {
  let hashes: string[];
  ({ env, port, hashes } = await startWireApp({
    writesPerMinute: 1000,
    orders: [{ makerSymbol: 'A"\\\u00e9\u2028<' }],
  }));
  record = (await env.app.inject({ url: `/order/${hashes[0]}` })).json();
  answers.record = record;
  // Every field of a signed order but the salt, which each request sets.
  order = Object.fromEntries(
    Object.keys(signedOrderSchema.shape)
      .filter((f) => f !== 'salt')
      .map((f) => [f, record[f]]),
  );
});

const raw = (request: string) => rawRequest(port, request);

const masked = (head: string[]) =>
  maskedHead(head, { 'x-ratelimit-remaining': '<n>', 'x-ratelimit-reset': '<s>' });

const post = (path: string, body: string, type = 'application/json', extra = '') =>
  raw(postRequest(path, body, type, extra));

const CORS = `access-control-allow-origin: ${WEB_APP}`;
const WRITES = ['x-ratelimit-limit: 1000', 'x-ratelimit-remaining: <n>', 'x-ratelimit-reset: <s>'];

/** The last body the route handed submitOrder for this request. */
async function handed(request: Promise<{ head: string[]; body: string }>) {
  received.length = 0;
  const answer = await request;
  expect(received).toHaveLength(1);
  return { ...answer, handed: received[0] };
}

describe('accepted submissions on the wire', () => {
  test('POST /order/new: 201 with the record, 200 when already open; with and without an Origin', async () => {
    const text = JSON.stringify({ ...order, salt: CREATED_SALT });
    const created = await handed(post('/order/new', text, 'application/json', `Origin: ${WEB_APP}\r\n`));
    const bytes = JSON.stringify(record);
    expect(created.body).toBe(bytes);
    expect(masked(created.head)).toEqual(
      expectedHead('HTTP/1.1 201 Created', { cors: CORS, limits: WRITES, length: Buffer.byteLength(bytes) }),
    );
    expect(created.handed).toEqual(JSON.parse(text));

    const existing = await handed(post('/order/new', JSON.stringify({ ...order, salt: EXISTING_SALT })));
    expect(existing.body).toBe(bytes);
    expect(masked(existing.head)).toEqual(
      expectedHead('HTTP/1.1 200 OK', { limits: WRITES, length: Buffer.byteLength(bytes) }),
    );
  });

  test('POST /v0/order: 201 and 200 without a body', async () => {
    const created = await handed(
      post(
        '/v0/order',
        JSON.stringify({ ...order, salt: CREATED_SALT }),
        'application/json',
        `Origin: ${WEB_APP}\r\n`,
      ),
    );
    expect(created.body).toBe('');
    expect(masked(created.head)).toEqual(
      expectedHead('HTTP/1.1 201 Created', { cors: CORS, limits: WRITES, json: false, length: 0 }),
    );
    const existing = await handed(post('/v0/order', JSON.stringify({ ...order, salt: EXISTING_SALT })));
    expect(existing.body).toBe('');
    expect(masked(existing.head)).toEqual(
      expectedHead('HTTP/1.1 200 OK', { limits: WRITES, json: false, length: 0 }),
    );
  });

  test('what submitOrder is handed: the parsed body, or the text of a JSON string; never a text/plain body', async () => {
    const text = JSON.stringify({ ...order, salt: CREATED_SALT });
    const charset = await handed(post('/order/new', text, 'application/json; charset=utf-8'));
    expect(charset.head[0]).toBe('HTTP/1.1 201 Created');
    expect(charset.handed).toEqual(JSON.parse(text));
    received.length = 0;
    const plain = await post('/order/new', text, 'text/plain');
    expect(plain.head[0]).toBe('HTTP/1.1 415 Unsupported Media Type');
    expect(received).toHaveLength(0);
    const quoted = await handed(post('/v0/order', JSON.stringify(text)));
    expect(quoted.head[0]).toBe('HTTP/1.1 201 Created');
    expect(quoted.handed).toBe(text);
    // Escapes and a key spelled like a poisoning one but harmless: parsed as JSON.parse would.
    const escaped = `{"salt":"\\u0034\\u00324242","constructor":{"a":1},"proto":1,${text.slice(1)}`;
    const handedEscaped = await handed(post('/order/new', escaped));
    expect(handedEscaped.head[0]).toBe('HTTP/1.1 201 Created');
    expect(handedEscaped.handed).toEqual(JSON.parse(escaped));
  });
});

describe('refusals the HTTP layer makes on the submission routes', () => {
  const MALFORMED =
    '{"code":101,"reason":"Malformed JSON: the body is not valid JSON","error":"MALFORMED_JSON"}';
  const refusedBeforeAcceptance = [
    ['malformed JSON', '{"a":'],
    ['an empty body', ''],
    ['__proto__', '{"__proto__":{"polluted":true}}'],
    ['__proto__ deep inside', `{"ecSignature":{"v":27,"__proto__":{"x":1}},"salt":"${CREATED_SALT}"}`],
    ['__proto__ spelled with escapes', '{"\\u005f_proto__":{"polluted":true}}'],
    ['constructor.prototype', '{"constructor":{"prototype":{"polluted":true}}}'],
    ['constructor.prototype spelled with escapes', '{"constr\\u0075ctor":{"prot\\u006ftype":{"x":1}}}'],
  ] as const;
  for (const path of ['/order/new', '/v0/order']) {
    for (const [name, body] of refusedBeforeAcceptance) {
      test(`${path}: ${name} is MALFORMED_JSON, and closes the connection`, async () => {
        received.length = 0;
        const answer = await post(path, body);
        expect(received).toHaveLength(0);
        expect(answer.body).toBe(MALFORMED);
        expect(masked(answer.head)).toEqual(
          expectedHead('HTTP/1.1 400 Bad Request', { limits: WRITES, length: 91, early: true }),
        );
      });
    }
  }

  test('a constructor without a prototype and a JSON null reach the acceptance, which refuses them', async () => {
    const harmless = await handed(post('/order/new', '{"constructor":{"a":1}}'));
    expect(harmless.handed).toEqual({ constructor: { a: 1 } });
    expect(harmless.head[0]).toBe('HTTP/1.1 400 Bad Request');
    expect(JSON.parse(harmless.body)).toMatchObject({ code: 100, error: 'VALIDATION_FAILED' });
    const empty = await handed(post('/v0/order', 'null'));
    expect(empty.handed).toBe(null);
    expect(empty.head[0]).toBe('HTTP/1.1 400 Bad Request');
  });

  test('the wrong content type, and a body over the limit', async () => {
    const wrongType = await post('/order/new', '<a/>', 'application/xml');
    expect(masked(wrongType.head)).toEqual(
      expectedHead('HTTP/1.1 415 Unsupported Media Type', { limits: WRITES, length: 276 }),
    );
    expect(JSON.parse(wrongType.body)).toMatchObject({ code: 415, error: 'UNSUPPORTED_MEDIA_TYPE' });
    for (const body of [`{"a":"${'x'.repeat(5000)}"}`, JSON.stringify('x'.repeat(5000))]) {
      const large = await post('/v0/order', body, 'application/json');
      expect(masked(large.head)).toEqual(
        expectedHead('HTTP/1.1 413 Payload Too Large', { limits: WRITES, length: 104, early: true }),
      );
      expect(large.body).toBe(PAYLOAD_TOO_LARGE_BODY);
    }
  });
});
