import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };

/**
 * POSTs a JSON body and resolves to the parsed JSON answer, over kept-alive node:http(s) connections.
 * The order-state reads send a few hundred JSON-RPC batches a second; `fetch` (undici, web streams, a
 * Request per call) cost several times as much CPU per request as this (measured with the batcher:
 * docs/PERFORMANCE.md, "Submissions after hand-encoded, batched chain reads and a faster keccak"). Any failure - no connection,
 * a timeout, a non-2xx status, a body that is not JSON - rejects with a plain Error, which
 * `isNodeFailure` counts as the node failing.
 */
export function postJson(url: URL, body: unknown, timeoutMs: number): Promise<unknown> {
  const payload = JSON.stringify(body);
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
            reject(new Error(`the node answered HTTP ${status}`));
            return;
          }
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
          } catch {
            reject(new Error('the node answered with a body that is not JSON'));
          }
        });
      },
    );
    const timer = setTimeout(
      () => request.destroy(new Error(`the node did not answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.end(payload);
  });
}
