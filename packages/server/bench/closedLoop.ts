import autocannon, { type Result } from 'autocannon';

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

const JSON_HEADERS = { 'content-type': 'application/json' };

/**
 * Sends every request exactly once with `concurrency` in flight over keep-alive connections (a
 * closed loop: each connection sends its next request when the previous answer arrived), through
 * autocannon (`amount`): a client cheap enough that the relayer, not the load generator, is what a
 * rate of thousands a second measures on these 2 shared cores (Node's own http client in the bench
 * process tops out well below what the relayer answers on a cached page). Rate
 * is requests over the run's wall time; latency is per request. Used where each request must be
 * distinct (a page the cache has not seen, an order not yet stored).
 */
export async function closedLoop(baseUrl: string, items: readonly LoadRequest[], concurrency: number) {
  if (items.length === 0) return { perSec: 0, p50: 0, p99: 0, statuses: {} as Record<number, number> };
  let next = 0;
  let repeated = 0;
  // The run's wall time: first request sent to last answer received (autocannon itself ends a run on
  // its next whole-second tick, which would make a short run's rate wrong).
  let first = 0;
  let last = 0;
  const result = await new Promise<Result>((resolve, reject) => {
    const tracker = autocannon(
      {
        url: baseUrl,
        connections: Math.min(concurrency, items.length),
        amount: items.length,
        timeout: 60,
        requests: [
          {
            setupRequest: (request) => {
              // autocannon sends exactly `amount`; should it ever ask for more, the run is void (below).
              if (next === 0) first = performance.now();
              if (next >= items.length) repeated++;
              const item = items[next++ % items.length] as LoadRequest;
              return item.body === undefined
                ? { ...request, method: item.method, path: item.path }
                : {
                    ...request,
                    method: item.method,
                    path: item.path,
                    body: item.body,
                    headers: JSON_HEADERS,
                  };
            },
          },
        ],
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    tracker.on('response', () => {
      last = performance.now();
    });
  });
  const seconds = (last - first) / 1000;
  if (result.errors > 0 || result.timeouts > 0 || repeated > 0 || result.requests.total !== items.length) {
    throw new Error(
      `load: ${result.requests.total} answers for ${items.length} requests (${repeated} repeated, ` +
        `${result.errors} errors, ${result.timeouts} timeouts)`,
    );
  }
  const statuses: Record<number, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats)) statuses[Number(code)] = count;
  return { perSec: items.length / seconds, p50: result.latency.p50, p99: result.latency.p99, statuses };
}
