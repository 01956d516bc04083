import { type NetworkInfo, networks, type RatesResponse, type TokenRecord } from '@relayer/protocol';
import { vi } from 'vitest';
import { orderPage, ratesResponse } from './fixtures';

export const zrxToken: TokenRecord = {
  address: '0x1d7022f5b17d2f8b695918fb48fa1089c9f85401',
  name: '0x Protocol Token',
  symbol: 'ZRX',
  decimals: 18,
  verified: true,
};
export const wethToken: TokenRecord = {
  address: '0x871dd7c2b4b25e1aa18728e9d5f2af4c4e431f5c',
  name: 'Ether Token',
  symbol: 'WETH',
  decimals: 18,
  verified: true,
};
export const repToken: TokenRecord = {
  address: '0x07f96aa816c1f244cbc6ef114bb2b023ba54a2eb',
  name: 'Augur Reputation Token',
  symbol: 'REP',
  decimals: 18,
  verified: true,
};
export const dgdToken: TokenRecord = {
  address: '0x6dfff22588be9b3ef8cf0ad6dc9b84796f9fb45f',
  name: 'Digix DAO Token',
  symbol: 'DGD',
  decimals: 9,
  verified: false,
};
export const testTokens: TokenRecord[] = [zrxToken, wethToken, repToken, dgdToken];

export const testRates: RatesResponse = ratesResponse(
  { [wethToken.address]: '3012.5', [zrxToken.address]: '0.41234', [repToken.address]: '12' },
  'live',
  { ETH: '3012.5', WETH: '3012.5', ZRX: '0.41234', REP: '12' },
);

const local = networks[50];
export const testNetworkInfo: NetworkInfo = {
  name: 'Local',
  chainId: 50,
  prefix: '',
  exchange: local.exchange,
  tokenTransferProxy: local.tokenTransferProxy,
  zrx: local.zrx,
  weth: local.weth,
  tokenRegistry: local.tokenRegistry,
  feeRecipient: '0x0000000000000000000000000000000000000000',
  makerFee: '0',
  takerFee: '0',
};

export interface FakeRequest {
  method: string;
  url: URL;
  body: unknown;
}

type Handler = (request: FakeRequest) => { status?: number; body?: unknown } | undefined;

/**
 * A stand-in for the network at the fetch boundary: answers the relayer's paths (any origin) with
 * fixtures or per-test handlers and records every request. Install with `vi.stubGlobal('fetch', ...)`.
 */
export function createFakeRelayer(handlers: Record<string, Handler> = {}) {
  const requests: FakeRequest[] = [];
  const defaults: Record<string, Handler> = {
    'GET /token': () => ({ body: testTokens }),
    'GET /rates': () => ({ body: testRates }),
    'GET /config': () => ({ body: testNetworkInfo }),
    'GET /order': () => ({ body: orderPage([]) }),
    'POST /analytics/pageview': () => ({ status: 204 }),
  };
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? safeJson(init.body) : undefined;
    const request = { method, url, body };
    requests.push(request);
    const path = url.pathname.replace(/^\/kovan(?=\/)/, '');
    const handler = handlers[`${method} ${path}`] ?? defaults[`${method} ${path}`];
    const answer = handler?.(request) ?? {
      status: 404,
      body: { code: 404, reason: 'not found', error: 'NOT_FOUND' },
    };
    const status = answer.status ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(answer.body ?? {}), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return {
    fetch,
    requests,
    count: (method: string, path: string) =>
      requests.filter((r) => r.method === method && r.url.pathname === path).length,
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
