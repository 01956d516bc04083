import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TickerAnswer {
  status?: number;
  /** Sent as JSON unless it is already a string. */
  body?: unknown;
  /** Never answer (until the server closes): exercises the client timeout. */
  hang?: boolean;
}

/**
 * A local stand-in for the old public ticker API: `GET /ticker/?start=N&limit=100` answers whatever
 * `answer(start)` says. Records every request's start and limit.
 */
export async function startTickerServer(answer: (start: number) => TickerAnswer) {
  const requests: { start: number; limit: number }[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const start = Number(url.searchParams.get('start'));
    requests.push({ start, limit: Number(url.searchParams.get('limit')) });
    const reply = answer(start);
    if (reply.hang) return;
    res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
    res.end(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? []));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/ticker/`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A ticker entry the way the old API wrote it: every value a string. */
export function tickerEntry(symbol: string, priceUsd: string) {
  return { id: symbol.toLowerCase(), name: symbol, symbol, rank: '1', price_usd: priceUsd, price_btc: '0.1' };
}
