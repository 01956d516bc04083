import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An HTTP relay in front of a node that a test can take down and bring back: while down it drops
 * every connection (what a crashed or unreachable node looks like to a client).
 */
export async function startRpcProxy(targetUrl: string) {
  const target = new URL(targetUrl);
  let down = false;
  let requests = 0;
  const server = createServer((req, res) => {
    requests += 1;
    if (down) {
      req.socket.destroy();
      return;
    }
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
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    /** HTTP requests received so far (a JSON-RPC batch is one). */
    requests: () => requests,
    setDown(value: boolean) {
      down = value;
      if (value) server.closeAllConnections();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
