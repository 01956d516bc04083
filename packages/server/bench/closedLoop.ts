import { Agent, request } from 'node:http';
import { summarize } from './stats.js';

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

function send(agent: Agent, base: URL, item: LoadRequest): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = {};
    if (item.body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(item.body);
    }
    const req = request(new URL(item.path, base), { method: item.method, agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(item.body);
  });
}

/**
 * Sends every request exactly once with `concurrency` in flight over keep-alive connections (a
 * closed loop: each connection sends its next request when the previous answer arrived). Rate is
 * requests over wall time; latency is per request. Used where each request must be distinct.
 */
export async function closedLoop(baseUrl: string, items: readonly LoadRequest[], concurrency: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const base = new URL(baseUrl);
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const item = items[next++] as LoadRequest;
        const t0 = performance.now();
        const status = await send(agent, base, item);
        latencies.push(performance.now() - t0);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  const { p50, p99 } = summarize(latencies);
  return {
    perSec: items.length / seconds,
    p50,
    p99,
    statuses: Object.fromEntries(statuses) as Record<number, number>,
  };
}
