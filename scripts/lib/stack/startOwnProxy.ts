import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, request } from 'node:http';
import { connect } from 'node:net';

export interface OwnProxyOptions {
  /** deploy/Caddyfile: its `@relayer path` line decides what goes to the relayers, as in Caddy. */
  caddyfile: string;
  host: string;
  port: number;
  /** `host:port` of each relayer instance. */
  relayers: readonly string[];
  /** `host:port` of the web app. */
  web: string;
}

export interface OwnProxy {
  stop(): Promise<void>;
}

const BODY_LIMIT = 1024 * 1024;
const HEALTH_INTERVAL_MS = 5_000;

/**
 * The stack's proxy where Debian's caddy cannot be had: what deploy/Caddyfile does, in a few lines of
 * Node. The Caddyfile's `@relayer` paths go round robin to the relayers whose /health answered 2xx at the
 * last check, a request that cannot reach one is tried on the next (Caddy's lb_try_duration), WebSocket
 * upgrades are passed through, everything else goes to the web app. X-Forwarded-For is replaced by the
 * address that connected, as Caddy does as the first hop.
 */
export async function startOwnProxy(options: OwnProxyOptions): Promise<OwnProxy> {
  const toRelayer = relayerPaths(readFileSync(options.caddyfile, 'utf8'));
  const healthy = new Map(options.relayers.map((upstream) => [upstream, true]));
  let next = 0;
  /** Healthy instances first, in round-robin order, then the others as a last resort. */
  const candidates = () => {
    const start = next++ % options.relayers.length;
    const order = [...options.relayers.slice(start), ...options.relayers.slice(0, start)];
    return [...order.filter((u) => healthy.get(u)), ...order.filter((u) => !healthy.get(u))];
  };
  const checkHealth = () =>
    Promise.all(
      options.relayers.map(async (upstream) => {
        const answer = await fetch(`http://${upstream}/health`, { signal: AbortSignal.timeout(3_000) }).catch(
          () => undefined,
        );
        healthy.set(upstream, answer?.ok === true);
      }),
    );
  const timer = setInterval(() => void checkHealth(), HEALTH_INTERVAL_MS);
  timer.unref();

  const server = createServer(async (incoming, outgoing) => {
    const body = await readBody(incoming).catch(() => undefined);
    if (!body) {
      outgoing.writeHead(413).end();
      return;
    }
    const path = new URL(incoming.url ?? '/', 'http://proxy').pathname;
    const upstreams = toRelayer(path) ? candidates() : [options.web];
    for (const upstream of upstreams) {
      const answer = await forward(upstream, incoming, body).catch(() => undefined);
      if (!answer) continue;
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
      return;
    }
    outgoing.writeHead(502).end();
  });
  server.on('upgrade', (incoming: IncomingMessage, socket, head: Buffer) => {
    const [host, port] = (candidates()[0] ?? '').split(':');
    const upstream = connect({ host, port: Number(port) }, () => {
      const headers = forwardedHeaders(incoming);
      const lines = [`${incoming.method} ${incoming.url} HTTP/1.1`];
      for (const [name, value] of Object.entries(headers))
        for (const one of [value].flat()) if (one !== undefined) lines.push(`${name}: ${one}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    const close = () => {
      upstream.destroy();
      socket.destroy();
    };
    upstream.on('error', close);
    socket.on('error', close);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, resolve);
  });
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        clearInterval(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Caddy's path matcher over the `@relayer path` line: a `*` at the end is a prefix, inside one segment. */
function relayerPaths(caddyfile: string): (path: string) => boolean {
  const patterns = /^\s*@relayer path (.+)$/m.exec(caddyfile)?.[1]?.trim().split(/\s+/) ?? [];
  if (patterns.length === 0) throw new Error('deploy/Caddyfile has no `@relayer path` line');
  const tests = patterns.map((pattern) => {
    if (pattern.indexOf('*') === pattern.length - 1) {
      const prefix = pattern.slice(0, -1);
      return (path: string) => path.startsWith(prefix);
    }
    const glob = new RegExp(`^${pattern.split('*').map(escapeRegExp).join('[^/]*')}$`);
    return (path: string) => glob.test(path);
  });
  return (path) => tests.some((matches) => matches(path));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function readBody(incoming: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    incoming.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_LIMIT) reject(new Error('body too large'));
      else chunks.push(chunk);
    });
    incoming.on('end', () => resolve(Buffer.concat(chunks)));
    incoming.on('error', reject);
  });
}

/** The request's headers for the upstream: the client is the address that connected here. */
function forwardedHeaders(incoming: IncomingMessage): IncomingHttpHeaders {
  const { 'transfer-encoding': _chunked, ...headers } = incoming.headers;
  return {
    ...headers,
    'x-forwarded-for': incoming.socket.remoteAddress ?? '',
    'x-forwarded-proto': 'http',
    'x-forwarded-host': incoming.headers.host ?? '',
  };
}

/** Sends the request (its body already read, so it can be tried again elsewhere); rejects when unreachable. */
function forward(upstream: string, incoming: IncomingMessage, body: Buffer): Promise<IncomingMessage> {
  const [host, port] = upstream.split(':');
  return new Promise((resolve, reject) => {
    const sent = request(
      {
        host,
        port: Number(port),
        method: incoming.method,
        path: incoming.url,
        headers: { ...forwardedHeaders(incoming), 'content-length': String(body.length) },
      },
      resolve,
    );
    sent.on('error', reject);
    sent.end(body);
  });
}
