import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CoinGeckoRequest {
  path: string;
  /** `ids` of /simple/price or `contract_addresses` of /simple/token_price, split at commas. */
  keys: string[];
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
}

export interface CoinGeckoAnswer {
  status?: number;
  /** Sent as is when a string (so numbers keep every digit), else as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Never answer (until the server closes): exercises the client timeout. */
  hang?: boolean;
}

/** One price entry as the API writes it: `usd` a JSON number with exactly these digits. */
export function geckoEntry(usd: string, lastUpdatedAtSec?: number): string {
  return `{"usd":${usd}${lastUpdatedAtSec === undefined ? '' : `,"last_updated_at":${lastUpdatedAtSec}`}}`;
}

/** `{"key": entry, ...}` from entries made by geckoEntry. */
export function geckoBody(entries: Record<string, string>): string {
  return `{${Object.entries(entries)
    .map(([key, entry]) => `${JSON.stringify(key)}:${entry}`)
    .join(',')}}`;
}

/**
 * A local stand-in for a CoinGecko-style API under `/api/v3`: `GET /simple/price?ids=...` and
 * `GET /simple/token_price/{platform}?contract_addresses=...` answer whatever `answer(request)` says.
 * Records every request (path, keys, query, headers).
 */
export async function startCoinGeckoServer(answer: (request: CoinGeckoRequest) => CoinGeckoAnswer) {
  const requests: CoinGeckoRequest[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname.replace(/^\/api\/v3/, '');
    const list = url.searchParams.get(path === '/simple/price' ? 'ids' : 'contract_addresses') ?? '';
    const request = {
      path,
      keys: list ? list.split(',') : [],
      query: url.searchParams,
      headers: req.headers,
    };
    requests.push(request);
    const reply = answer(request);
    if (reply.hang) return;
    res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
    res.end(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? {}));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/v3`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
