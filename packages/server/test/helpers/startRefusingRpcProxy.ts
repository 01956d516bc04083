import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RpcCall {
  method: string;
  params: unknown[];
}

export interface RecordedCall extends RpcCall {
  /** The error the proxy answered instead of the node, if it refused the call. */
  refused?: { code: number; message: string };
}

/** Decides per JSON-RPC call: an error to answer in the node's place, or undefined to pass it on. */
export type Refuse = (call: RpcCall) => { code: number; message: string } | undefined;

interface RpcRequest extends RpcCall {
  jsonrpc: '2.0';
  id: unknown;
}

/**
 * A JSON-RPC relay in front of a real node that answers chosen calls with the node-side errors real
 * providers send (pruned state, log ranges refused for size, too many addresses), call by call inside a
 * batch, and passes everything else to the node unchanged. Records every call it saw.
 */
export async function startRefusingRpcProxy(targetUrl: string) {
  let refuse: Refuse | undefined;
  const calls: RecordedCall[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void answer(Buffer.concat(chunks).toString('utf8'))
        .then((body) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(body);
        })
        .catch(() => res.destroy());
    });
  });

  async function answer(text: string): Promise<string> {
    const parsed = JSON.parse(text) as RpcRequest | RpcRequest[];
    const batch = Array.isArray(parsed);
    const requests = batch ? parsed : [parsed];
    const answers = new Map<RpcRequest, unknown>();
    const forward: RpcRequest[] = [];
    for (const request of requests) {
      const refused = refuse?.({ method: request.method, params: request.params ?? [] });
      calls.push({ method: request.method, params: request.params ?? [], ...(refused ? { refused } : {}) });
      if (refused) answers.set(request, { jsonrpc: '2.0', id: request.id, error: refused });
      else forward.push(request);
    }
    if (forward.length > 0) {
      const response = await fetch(targetUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(forward),
      });
      const upstream = (await response.json()) as { id: unknown }[];
      for (const request of forward) {
        answers.set(
          request,
          upstream.find((a) => a.id === request.id),
        );
      }
    }
    const ordered = requests.map((request) => answers.get(request));
    return JSON.stringify(batch ? ordered : ordered[0]);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    /** Every call seen so far, in arrival order (tests may empty it). */
    calls,
    setRefuse(next: Refuse | undefined) {
      refuse = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
