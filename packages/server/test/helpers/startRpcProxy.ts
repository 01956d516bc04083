import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** `up` relays; `down` drops every connection (a crashed or unreachable node); `hang` accepts and never answers. */
export type ProxyMode = 'up' | 'down' | 'hang';

/**
 * An HTTP relay in front of a node that a test can take down and bring back: while down it drops
 * every connection unanswered (what a crashed node looks like to a client); while hanging it reads
 * each request and never answers (an overloaded node, a black-holed route). It counts the JSON-RPC
 * methods it received, whatever the mode, so a test can tell which requests reached the node.
 */
export async function startRpcProxy(targetUrl: string) {
  let target = new URL(targetUrl);
  let mode: ProxyMode = 'up';
  let requests = 0;
  const methods = new Map<string, number>();
  const hanging = new Set<ServerResponse>();

  const relay = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const upstream = request(
      {
        hostname: target.hostname,
        port: target.port,
        path: target.pathname,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    upstream.end(body);
  };

  const server = createServer((req, res) => {
    requests += 1;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      countMethods(body);
      if (mode === 'down') {
        req.socket.destroy();
        return;
      }
      if (mode === 'hang') {
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      }
      relay(req, res, body);
    });
  });

  function countMethods(body: Buffer): void {
    try {
      const parsed = JSON.parse(body.toString('utf8')) as unknown;
      for (const call of Array.isArray(parsed) ? parsed : [parsed]) {
        const method = (call as { method?: unknown }).method;
        if (typeof method === 'string') methods.set(method, (methods.get(method) ?? 0) + 1);
      }
    } catch {
      // Not JSON-RPC: counted as a request only.
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    /** HTTP requests received so far (a JSON-RPC batch is one). */
    requests: () => requests,
    /** JSON-RPC calls of `method` received so far (each call of a batch counts), in every mode. */
    calls: (method: string) => methods.get(method) ?? 0,
    /** Relays to another node from now on (a node replaced behind the same address). */
    retarget(url: string) {
      target = new URL(url);
    },
    setDown(value: boolean) {
      this.setMode(value ? 'down' : 'up');
    },
    setMode(next: ProxyMode) {
      mode = next;
      if (next === 'down') server.closeAllConnections();
      if (next === 'up') {
        // Requests left hanging get no answer now either: the client has timed out on them.
        for (const res of hanging) res.destroy();
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
