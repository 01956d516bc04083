import autocannon from 'autocannon';

/** One request as autocannon sends it, over and over. */
export type OneRequest = {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  headers?: Record<string, string>;
};

/** Keep-alive connections autocannon holds open: enough to keep a one-thread server busy. */
const CONNECTIONS = 20;

/**
 * autocannon on one request for `seconds` against a server that reports its own CPU time; every answer
 * must have `status`. Returns the server's CPU µs over the run, the requests answered and their rate.
 */
export async function loadOneRequest(
  target: { url: string; cpuMicros(): Promise<number> },
  request: OneRequest,
  status: number,
  seconds: number,
): Promise<{ cpuMicros: number; count: number; reqPerSec: number }> {
  const before = await target.cpuMicros();
  const result = await autocannon({
    url: target.url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [request],
  });
  const cpuMicros = (await target.cpuMicros()) - before;
  const count = result.requests.total;
  const answered = result.statusCodeStats[String(status)]?.count ?? 0;
  if (result.errors > 0 || result.timeouts > 0 || answered !== count) {
    throw new Error(
      `${request.method} ${request.path}: ${result.errors} errors, ${result.timeouts} timeouts, ${answered}/${count} answered ${status}`,
    );
  }
  return { cpuMicros, count, reqPerSec: result.requests.average };
}
