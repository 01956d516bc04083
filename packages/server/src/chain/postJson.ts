import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { connect, type Socket } from 'node:net';

const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };

/**
 * POSTs a JSON body and resolves to the parsed JSON answer, over kept-alive connections. The order-state
 * reads send a few hundred JSON-RPC batches a second; `fetch` (undici, web streams, a Request per call)
 * costs several times as much CPU per request as node:http, and node:http (ClientRequest, agent,
 * IncomingMessage stream, header objects) more than a plain HTTP/1.1 exchange on a kept-alive socket
 * (`postOverSocket`), which is what a plain `http:` URL gets; `https:` and a
 * URL with credentials go through node:http(s). Any failure - no connection, a timeout, a non-2xx status,
 * a body that is not JSON - rejects with a plain Error, which `isNodeFailure` counts as the node failing.
 */
export function postJson(url: URL, body: unknown, timeoutMs: number): Promise<unknown> {
  return postJsonText(url, JSON.stringify(body), timeoutMs);
}

/** `postJson` of a body already in JSON text. */
export function postJsonText(url: URL, payload: string, timeoutMs: number): Promise<unknown> {
  if (url.protocol === 'http:' && !url.username && !url.password) {
    return postOverSocket(url, payload, timeoutMs).then((text) => parseAnswer(url, text));
  }
  return postWithNodeHttp(url, payload, timeoutMs);
}

/**
 * The node as `host:port`, for messages: where it is without its path or query (an API key) or
 * credentials, so a failure can be logged and shown to the operator as it is.
 */
export function nodeAddress(url: URL): string {
  return `${url.hostname}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`;
}

function parseAnswer(url: URL, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`the node at ${nodeAddress(url)} answered with a body that is not JSON`);
  }
}

function postWithNodeHttp(url: URL, payload: string, timeoutMs: number): Promise<unknown> {
  const secure = url.protocol === 'https:';
  return new Promise((resolve, reject) => {
    const request = (secure ? httpsRequest : httpRequest)(
      url,
      {
        method: 'POST',
        agent: secure ? agents.https : agents.http,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          clearTimeout(timer);
          const status = response.statusCode ?? 0;
          if (status < 200 || status >= 300) {
            reject(new Error(`the node at ${nodeAddress(url)} answered HTTP ${status}`));
            return;
          }
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
          } catch {
            reject(new Error(`the node at ${nodeAddress(url)} answered with a body that is not JSON`));
          }
        });
      },
    );
    const timer = setTimeout(
      () =>
        request.destroy(new Error(`the node at ${nodeAddress(url)} did not answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    request.on('error', (error) => {
      clearTimeout(timer);
      // node:http's own errors name a host at most (ENOTFOUND); say where, never the path.
      reject(
        error.message.includes(nodeAddress(url))
          ? error
          : new Error(`the node at ${nodeAddress(url)} failed: ${error.message}`, { cause: error }),
      );
    });
    request.end(payload);
  });
}

/** Idle kept-alive connections by `host:port`, at most this many each (node:http's Agent default). */
const MAX_IDLE = 256;
const idleSockets = new Map<string, Socket[]>();

/** An idle socket leaves the pool when the node closes it (or it fails) while nothing is being asked. */
function dropIdle(this: Socket): void {
  const pool = idleSockets.get((this as SocketWithKey).poolKey);
  const at = pool ? pool.indexOf(this) : -1;
  if (pool && at >= 0) pool.splice(at, 1);
  this.destroy();
}

interface SocketWithKey extends Socket {
  poolKey: string;
}

function takeIdle(key: string): Socket | undefined {
  const pool = idleSockets.get(key);
  let socket = pool?.pop();
  // One the node has closed, whose 'close' is still to come, is not taken.
  while (socket && (socket.destroyed || socket.readableEnded || !socket.writable)) {
    socket.destroy();
    socket = pool?.pop();
  }
  if (!socket) return undefined;
  socket.off('error', dropIdle);
  socket.off('close', dropIdle);
  socket.off('end', dropIdle);
  socket.ref();
  return socket;
}

function putIdle(key: string, socket: Socket): void {
  let pool = idleSockets.get(key);
  if (!pool) {
    pool = [];
    idleSockets.set(key, pool);
  }
  if (pool.length >= MAX_IDLE) {
    socket.destroy();
    return;
  }
  (socket as SocketWithKey).poolKey = key;
  socket.on('error', dropIdle);
  socket.on('close', dropIdle);
  socket.on('end', dropIdle);
  // As node:http's Agent: an idle connection does not keep the process alive.
  socket.unref();
  pool.push(socket);
}

function openSocket(url: URL): Socket {
  // `hostname` keeps an IPv6 literal's brackets, which net.connect does not take.
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const socket = connect({ host, port: url.port === '' ? 80 : Number(url.port) });
  socket.setNoDelay(true);
  socket.setKeepAlive(true, 1000);
  return socket;
}

/**
 * One HTTP/1.1 POST on a kept-alive socket of `url`'s host, resolving to the answer's body as text (any
 * 2xx). A reused connection that the node closed before a byte of the answer came back (it timed out
 * while idle) is retried once on a new one; the read-only JSON-RPC requests sent here may be repeated.
 */
export function postOverSocket(url: URL, payload: string, timeoutMs: number): Promise<string> {
  const key = url.host;
  const request = `POST ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(payload)}\r\nConnection: keep-alive\r\n\r\n${payload}`;
  return new Promise((resolve, reject) => {
    let socket: Socket;
    let settled = false;
    const timer = setTimeout(
      () => fail(new Error(`the node at ${nodeAddress(url)} did not answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const detach = () => {
      socket.off('data', onData);
      socket.off('error', onError);
      socket.off('end', onEnd);
      socket.off('close', onClose);
    };
    function fail(error: Error): void {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      detach();
      socket.destroy();
      reject(error);
    }
    let reader: AnswerReader;
    let reused: boolean;
    const send = () => {
      const pooled = takeIdle(key);
      reused = pooled !== undefined;
      socket = pooled ?? openSocket(url);
      reader = new AnswerReader();
      socket.on('data', onData);
      socket.on('error', onError);
      socket.on('end', onEnd);
      socket.on('close', onClose);
      socket.write(request);
    };
    const retryOrFail = (error: Error) => {
      if (settled) return;
      if (reused && !reader.started) {
        detach();
        socket.destroy();
        send();
        return;
      }
      fail(error);
    };
    function onData(chunk: Buffer): void {
      let answer: Answer | undefined;
      try {
        answer = reader.push(chunk);
      } catch (error) {
        fail(error as Error);
        return;
      }
      if (answer) finish(answer);
    }
    function onEnd(): void {
      // An answer without a length ends with the connection.
      const answer = reader.end();
      if (answer) finish(answer);
      else retryOrFail(new Error(`the node at ${nodeAddress(url)} closed the connection before answering`));
    }
    function onError(error: Error): void {
      retryOrFail(error);
    }
    function onClose(): void {
      retryOrFail(new Error(`the node at ${nodeAddress(url)} closed the connection before answering`));
    }
    function finish(answer: Answer): void {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      detach();
      if (answer.reusable) putIdle(key, socket);
      else socket.destroy();
      if (answer.status < 200 || answer.status >= 300)
        reject(new Error(`the node at ${nodeAddress(url)} answered HTTP ${answer.status}`));
      else resolve(answer.body);
    }
    send();
  });
}

export interface Answer {
  status: number;
  body: string;
  /** The connection may carry the next request (keep-alive, nothing after this answer). */
  reusable: boolean;
}

const HEAD_END = Buffer.from('\r\n\r\n');
const LINE_END = Buffer.from('\r\n');

/**
 * Reads one HTTP/1.1 answer from the bytes of a connection: status line and headers, then a body framed
 * by Content-Length, chunked transfer coding, or the end of the connection (1xx interim answers are
 * skipped; 204 and 304 have none). Throws on an answer it cannot frame.
 */
export class AnswerReader {
  /** Some bytes of the answer arrived. */
  started = false;
  private buffer: Buffer = Buffer.alloc(0);
  private status = 0;
  /** Where the body starts in `buffer` (-1: the head is incomplete). */
  private bodyStart = -1;
  private length = -1;
  private chunked = false;
  private close = false;
  /** Chunked: where the next chunk's size line starts, and the chunks read so far. */
  private chunkAt = 0;
  private chunks: Buffer[] = [];

  /** Takes the next bytes; returns the answer once it is complete. */
  push(bytes: Buffer): Answer | undefined {
    this.started = true;
    this.buffer = this.buffer.length === 0 ? bytes : Buffer.concat([this.buffer, bytes]);
    while (this.bodyStart < 0) {
      const end = this.buffer.indexOf(HEAD_END);
      if (end < 0) return undefined;
      this.readHead(this.buffer.toString('latin1', 0, end));
      if (this.status >= 100 && this.status < 200) {
        this.buffer = this.buffer.subarray(end + 4);
        this.status = 0;
        continue;
      }
      this.bodyStart = end + 4;
      this.chunkAt = this.bodyStart;
    }
    if (this.chunked) return this.readChunks();
    if (this.length >= 0) {
      const available = this.buffer.length - this.bodyStart;
      if (available < this.length) return undefined;
      return {
        status: this.status,
        body: this.buffer.toString('utf8', this.bodyStart, this.bodyStart + this.length),
        reusable: !this.close && available === this.length,
      };
    }
    return undefined;
  }

  /** The connection ended: the answer when it is framed by the end, else undefined (cut short). */
  end(): Answer | undefined {
    if (this.bodyStart < 0 || this.chunked || this.length >= 0) return undefined;
    return { status: this.status, body: this.buffer.toString('utf8', this.bodyStart), reusable: false };
  }

  private readHead(head: string): void {
    const lines = head.split('\r\n');
    const statusLine = /^HTTP\/1\.([01]) (\d{3})(?: |$)/.exec(lines[0] ?? '');
    if (!statusLine) throw new Error('the node answered with something other than HTTP/1.x');
    this.status = Number(statusLine[2]);
    let keepAlive = statusLine[1] === '1';
    this.length = -1;
    this.chunked = false;
    for (let i = 1; i < lines.length; i++) {
      const line = lines[i] as string;
      const colon = line.indexOf(':');
      if (colon <= 0) throw new Error('the node answered with a malformed header');
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line
        .slice(colon + 1)
        .trim()
        .toLowerCase();
      if (name === 'content-length') {
        if (!/^\d+$/.test(value) || (this.length >= 0 && this.length !== Number(value)))
          throw new Error('the node answered with a bad Content-Length');
        this.length = Number(value);
      } else if (name === 'transfer-encoding') {
        this.chunked = value.split(',').some((coding) => coding.trim() === 'chunked');
      } else if (name === 'connection') {
        const options = value.split(',').map((option) => option.trim());
        if (options.includes('close')) keepAlive = false;
        else if (options.includes('keep-alive')) keepAlive = true;
      }
    }
    // Chunked coding wins over a length (RFC 9112 §6.3); these statuses never have a body.
    if (this.chunked) this.length = -1;
    if (this.status === 204 || this.status === 304) {
      this.chunked = false;
      this.length = 0;
    }
    this.close = !keepAlive;
  }

  private readChunks(): Answer | undefined {
    for (;;) {
      const lineEnd = this.buffer.indexOf(LINE_END, this.chunkAt);
      if (lineEnd < 0) return undefined;
      const sizeText = this.buffer.toString('latin1', this.chunkAt, lineEnd).split(';')[0]?.trim() ?? '';
      if (!/^[0-9a-fA-F]+$/.test(sizeText)) throw new Error('the node answered with a bad chunk');
      const size = Number.parseInt(sizeText, 16);
      if (size === 0) {
        // Trailers (ignored) end with an empty line: the last chunk's own line end starts it when there are none.
        const blank = this.buffer.indexOf(HEAD_END, lineEnd);
        const trailerEnd = blank < 0 ? -1 : blank + 4;
        if (trailerEnd < 0) return undefined;
        return {
          status: this.status,
          body: Buffer.concat(this.chunks).toString('utf8'),
          reusable: !this.close && trailerEnd === this.buffer.length,
        };
      }
      const dataEnd = lineEnd + 2 + size;
      if (this.buffer.length < dataEnd + 2) return undefined;
      if (this.buffer[dataEnd] !== 13 || this.buffer[dataEnd + 1] !== 10)
        throw new Error('the node answered with a bad chunk');
      this.chunks.push(this.buffer.subarray(lineEnd + 2, dataEnd));
      this.chunkAt = dataEnd + 2;
    }
  }
}
