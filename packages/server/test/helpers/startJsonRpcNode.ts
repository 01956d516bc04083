import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';

/** What a scripted node answers one HTTP request with; `hang` answers nothing. */
export type NodeAnswer = { status?: number; body: string } | 'hang';

const servers: Server[] = [];

/**
 * A JSON-RPC endpoint on 127.0.0.1 answering each HTTP request's body text with `answer(text)`; closed
 * (connections and all) after the test that started it. Resolves to its URL.
 */
export async function startJsonRpcNode(answer: (text: string) => NodeAnswer): Promise<string> {
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => {
      text += chunk;
    });
    req.on('end', () => {
      const answered = answer(text);
      if (answered === 'hang') return;
      const { status = 200, body } = answered;
      res.writeHead(status, { 'content-type': 'application/json' }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    }),
  );
});
