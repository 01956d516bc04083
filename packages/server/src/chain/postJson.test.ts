import { createServer as createHttpServer, type Server } from 'node:http';
import {
  type AddressInfo,
  createServer as createNetServer,
  type Server as NetServer,
  type Socket,
} from 'node:net';
import fc from 'fast-check';
import { afterEach, describe, expect, test } from 'vitest';
import { TEST_SEED } from '../../test/helpers/testSeed.js';
import { AnswerReader, postJson } from './postJson.js';

const servers: (Server | NetServer)[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(
    servers.splice(0).map((s) => {
      if ('closeAllConnections' in s) s.closeAllConnections();
      return new Promise((resolve) => s.close(resolve));
    }),
  );
});

/** A node:http endpoint; `answer` writes the response. Counts connections and records request bodies. */
async function startHttp(answer: (body: string, res: import('node:http').ServerResponse) => void) {
  const seen = { connections: 0, bodies: [] as string[], headers: [] as Record<string, unknown>[] };
  const server = createHttpServer((req, res) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      text += chunk;
    });
    req.on('end', () => {
      seen.bodies.push(text);
      seen.headers.push(req.headers);
      answer(text, res);
    });
  });
  server.on('connection', () => seen.connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return { server, seen, url: new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/rpc`) };
}

/** A raw TCP endpoint: `onRequest(socket, n)` is called for the n-th request bytes on each connection. */
async function startRaw(onRequest: (socket: Socket, nth: number, connection: number) => void) {
  let connections = 0;
  const server = createNetServer((socket) => {
    sockets.push(socket);
    const connection = ++connections;
    let nth = 0;
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      const head = text.indexOf('\r\n\r\n');
      if (head < 0) return;
      const length = Number(/content-length: (\d+)/i.exec(text.slice(0, head))?.[1] ?? 0);
      if (text.length < head + 4 + length) return;
      text = text.slice(head + 4 + length);
      onRequest(socket, ++nth, connection);
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return {
    url: new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    connections: () => connections,
  };
}

const json = (value: unknown) => JSON.stringify(value);

describe('postJson over a kept-alive socket', () => {
  test('sends the JSON text as it is, parses the answer, and reuses one connection for sequential posts', async () => {
    const node = await startHttp((body, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(json({ echo: JSON.parse(body) }));
    });
    const body = [
      { jsonrpc: '2.0', id: 0, method: 'eth_call', params: [{ to: '0xaa', data: '0x01' }, '0x7'] },
    ];
    expect(await postJson(node.url, body, 2000)).toEqual({ echo: body });
    expect(await postJson(node.url, { n: 'é✓' }, 2000)).toEqual({ echo: { n: 'é✓' } });
    expect(node.seen.bodies).toEqual([JSON.stringify(body), JSON.stringify({ n: 'é✓' })]);
    expect(node.seen.connections).toBe(1);
    expect(node.seen.headers[0]).toMatchObject({
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(JSON.stringify(body))),
      host: node.url.host,
    });
  });

  test('concurrent posts each get their own answer (one connection each, kept for later)', async () => {
    const node = await startHttp((body, res) => {
      setTimeout(() => res.end(json({ echo: JSON.parse(body) })), 5);
    });
    const answers = await Promise.all([1, 2, 3, 4].map((n) => postJson(node.url, { n }, 2000)));
    expect(answers).toEqual([1, 2, 3, 4].map((n) => ({ echo: { n } })));
    await Promise.all([5, 6, 7, 8].map((n) => postJson(node.url, { n }, 2000)));
    expect(node.seen.connections).toBe(4);
  });

  test('reads a chunked answer, with and without trailers, and skips an interim 1xx answer', async () => {
    const node = await startHttp((body, res) => {
      const { trailers } = JSON.parse(body) as { trailers: boolean };
      res.writeEarlyHints({ link: '</x>; rel=preload' });
      if (trailers) res.writeHead(200, { trailer: 'x-done' });
      res.write('{"parts":[');
      res.write('1,2,');
      res.write('3]}');
      if (trailers) res.addTrailers({ 'x-done': '1' });
      res.end();
    });
    expect(await postJson(node.url, { trailers: false }, 2000)).toEqual({ parts: [1, 2, 3] });
    expect(await postJson(node.url, { trailers: true }, 2000)).toEqual({ parts: [1, 2, 3] });
    expect(node.seen.connections).toBe(1);
  });

  test('a non-2xx status or a body that is not JSON fails with a plain Error, and the next post works', async () => {
    let mode = 'status';
    const node = await startHttp((_body, res) => {
      if (mode === 'status') res.writeHead(502).end('bad gateway');
      else if (mode === 'text') res.writeHead(200).end('not json');
      else res.writeHead(200).end('{"ok":true}');
    });
    await expect(postJson(node.url, {}, 2000)).rejects.toThrow(
      new Error(`the node at ${new URL(node.url).host} answered HTTP 502`),
    );
    mode = 'text';
    await expect(postJson(node.url, {}, 2000)).rejects.toThrow(
      new Error(`the node at ${new URL(node.url).host} answered with a body that is not JSON`),
    );
    mode = 'ok';
    expect(await postJson(node.url, {}, 2000)).toEqual({ ok: true });
    await expect(postJson(node.url, {}, 2000)).resolves.toEqual({ ok: true });
  });

  test('a node that does not answer fails the post after the timeout', async () => {
    const node = await startHttp(() => {});
    const started = performance.now();
    await expect(postJson(node.url, {}, 150)).rejects.toThrow(
      `the node at ${new URL(node.url).host} did not answer within 150 ms`,
    );
    expect(performance.now() - started).toBeLessThan(1500);
  });

  test('no node at the address fails the post', async () => {
    const node = await startHttp(() => {});
    const url = new URL(node.url);
    await new Promise((resolve) => node.server.close(resolve));
    servers.splice(servers.indexOf(node.server), 1);
    await expect(postJson(url, {}, 2000)).rejects.toThrow(/ECONNREFUSED/);
  });

  test('after the node closed idle connections, or answered Connection: close, the next post opens a new one', async () => {
    let close = false;
    const node = await startHttp((_body, res) => {
      res.writeHead(200, close ? { connection: 'close' } : {}).end('{"ok":1}');
    });
    expect(await postJson(node.url, {}, 2000)).toEqual({ ok: 1 });
    node.server.closeIdleConnections();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await postJson(node.url, {}, 2000)).toEqual({ ok: 1 });
    close = true;
    expect(await postJson(node.url, {}, 2000)).toEqual({ ok: 1 });
    close = false;
    expect(await postJson(node.url, {}, 2000)).toEqual({ ok: 1 });
    expect(node.seen.connections).toBe(3);
  });

  test('an answer framed by the end of the connection (no length) is read to the end', async () => {
    const node = await startRaw((socket) => {
      socket.end('HTTP/1.0 200 OK\r\nContent-Type: application/json\r\n\r\n{"framed":"by close"}');
    });
    expect(await postJson(node.url, {}, 2000)).toEqual({ framed: 'by close' });
    expect(await postJson(node.url, {}, 2000)).toEqual({ framed: 'by close' });
    expect(node.connections()).toBe(2);
  });

  test('a kept connection the node drops before answering is retried once on a new one; a new one is not', async () => {
    const ok = 'HTTP/1.1 200 OK\r\nContent-Length: 8\r\n\r\n{"ok":1}';
    // The first connection answers once, then drops the connection at the second request.
    const node = await startRaw((socket, nth, connection) => {
      if (connection === 1 && nth === 2) socket.destroy();
      else socket.write(ok);
    });
    expect(await postJson(node.url, {}, 2000)).toEqual({ ok: 1 });
    expect(await postJson(node.url, {}, 2000)).toEqual({ ok: 1 });
    expect(node.connections()).toBe(2);

    const broken = await startRaw((socket) => socket.destroy());
    await expect(postJson(broken.url, {}, 2000)).rejects.toThrow();
    expect(broken.connections()).toBe(1);
  });

  test('an answer cut short fails the post', async () => {
    const node = await startRaw((socket) => socket.end('HTTP/1.1 200 OK\r\nContent-Length: 20\r\n\r\n{"ok"'));
    await expect(postJson(node.url, {}, 2000)).rejects.toThrow(/closed the connection/);
  });
});

describe('AnswerReader', () => {
  const frame = (body: string, chunked: boolean, chunkSize: number): Buffer => {
    const bytes = Buffer.from(body);
    if (!chunked)
      return Buffer.concat([
        Buffer.from(`HTTP/1.1 200 OK\r\nContent-Length: ${bytes.length}\r\n\r\n`),
        bytes,
      ]);
    const parts = [Buffer.from('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n')];
    for (let at = 0; at < bytes.length; at += chunkSize) {
      const part = bytes.subarray(at, at + chunkSize);
      parts.push(Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from('\r\n'));
    }
    parts.push(Buffer.from('0\r\n\r\n'));
    return Buffer.concat(parts);
  };

  test('reads the same body however the bytes are split (seeded property)', () => {
    const seed = TEST_SEED;
    console.log(`AnswerReader property: seed ${seed} (FC_SEED=${seed} replays the file)`);
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 300 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 40 }),
        fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 20 }),
        (body, chunked, chunkSize, splits) => {
          const bytes = frame(body, chunked, chunkSize);
          const reader = new AnswerReader();
          let answer: ReturnType<AnswerReader['push']>;
          let at = 0;
          for (let i = 0; at < bytes.length; i++) {
            expect(answer).toBeUndefined();
            const size = splits[i % splits.length] as number;
            answer = reader.push(bytes.subarray(at, at + size));
            at += size;
          }
          expect(answer).toEqual({ status: 200, body, reusable: true });
        },
      ),
      { seed, numRuns: 300 },
    );
  });

  test('an answer followed by more bytes, or a bad frame, is not taken as reusable or is refused', () => {
    const extra = new AnswerReader().push(Buffer.from('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}junk'));
    expect(extra).toEqual({ status: 200, body: '{}', reusable: false });
    expect(() => new AnswerReader().push(Buffer.from('SSH-2.0\r\n\r\n'))).toThrow();
    expect(() =>
      new AnswerReader().push(Buffer.from('HTTP/1.1 200 OK\r\nContent-Length: x\r\n\r\n')),
    ).toThrow();
    expect(() =>
      new AnswerReader().push(Buffer.from('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n')),
    ).toThrow();
    expect(new AnswerReader().push(Buffer.from('HTTP/1.1 204 No Content\r\n\r\n'))).toEqual({
      status: 204,
      body: '',
      reusable: true,
    });
  });
});
