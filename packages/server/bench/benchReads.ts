import autocannon from 'autocannon';
import type { BenchServer } from './startBenchServer.js';

export interface ReadFigures {
  reqPerSec: number;
  p50: number;
  p99: number;
}

interface OrderPage {
  total: number;
  nextCursor: string | null;
}

/** Walks `GET /order` by keyset cursor and returns the cursors met on the way (one per page). */
export async function collectCursors(url: string, query: string, pages: number): Promise<string[]> {
  const cursors: string[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < pages; i++) {
    const page = (await (
      await fetch(`${url}/order?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)
    ).json()) as OrderPage;
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
    cursors.push(cursor);
  }
  return cursors;
}

/**
 * autocannon against `paths` (taken in turn), `connections` keep-alive connections, for `duration`
 * seconds or, with `amount`, exactly that many requests. Any non-2xx or error makes the figures void.
 */
export async function measureReads(
  server: BenchServer,
  paths: readonly string[],
  {
    connections = 20,
    duration = 10,
    amount,
  }: { connections?: number; duration?: number; amount?: number } = {},
): Promise<ReadFigures> {
  let i = 0;
  const result = await autocannon({
    url: server.url,
    connections,
    ...(amount ? { amount } : { duration }),
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => ({ ...request, path: paths[i++ % paths.length] as string }),
      },
    ],
  });
  if (result.errors > 0 || result.non2xx > 0 || result.timeouts > 0) {
    throw new Error(
      `read bench: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers`,
    );
  }
  const reqPerSec = amount ? result['2xx'] / result.duration : result.requests.average;
  return { reqPerSec, p50: result.latency.p50, p99: result.latency.p99 };
}
