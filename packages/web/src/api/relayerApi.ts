import {
  type ChainStatus,
  chainStatusSchema,
  type FeesRequest,
  type FeesResponse,
  feesResponseSchema,
  type NetworkInfo,
  networkInfoSchema,
  type OrderListResponse,
  type OrderQuery,
  type OrderRecord,
  orderListResponseSchema,
  orderRecordSchema,
  type RatesResponse,
  ratesResponseSchema,
  type SignedOrder,
  type Token,
  type TokenRecord,
  tokenListResponseSchema,
} from '@relayer/protocol';
import type { z } from 'zod';
import { takeBootResponse } from '../boot/bootState';
import { ApiError } from './ApiError';
import { relayerPaths, relayerUrl } from './relayerPaths';
import { toApiError } from './toApiError';

export interface RelayerApi {
  getTokens(): Promise<TokenRecord[]>;
  getOrders(query?: Partial<OrderQuery>): Promise<OrderListResponse>;
  getOrder(hash: string): Promise<OrderRecord>;
  postOrder(order: SignedOrder): Promise<void>;
  postToken(token: Token): Promise<void>;
  getRates(): Promise<RatesResponse>;
  getNetworkInfo(): Promise<NetworkInfo>;
  getFees(request: FeesRequest): Promise<FeesResponse>;
  /** The latest block the relayer has seen and the clock it judges expiry by. */
  getChain(): Promise<ChainStatus>;
}

/**
 * The relayer's HTTP API for one network (`baseUrl` includes the '/kovan' prefix on the test network).
 * Answers are parsed with the protocol's wire schemas; every failure is an ApiError. A GET that the boot
 * script already started (bootState.ts) adopts its answer instead of asking again.
 */
export function createRelayerApi(
  baseUrl: string,
  fetchFn: typeof fetch = (...args) => fetch(...args),
): RelayerApi {
  async function request<T>(path: string, schema: z.ZodType<T> | undefined, init?: RequestInit): Promise<T> {
    const url = relayerUrl(baseUrl, path);
    const response = await ((init?.method ? undefined : takeBootResponse(url)) ??
      fetchFn(url, {
        ...init,
        headers: {
          accept: 'application/json',
          ...(init?.body ? { 'content-type': 'application/json' } : {}),
        },
      }));
    if (!response.ok) throw await toApiError(response);
    if (!schema) return undefined as T;
    const parsed = schema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) {
      throw new ApiError(
        response.status,
        'INTERNAL_ERROR',
        `Unexpected answer from ${path}: ${parsed.error.message}`,
      );
    }
    return parsed.data;
  }

  return {
    getTokens: () => request(relayerPaths.tokens, tokenListResponseSchema),
    getOrders: (query = {}) => request(relayerPaths.orders(query), orderListResponseSchema),
    getOrder: (hash) => request(`/order/${encodeURIComponent(hash)}`, orderRecordSchema),
    postOrder: (order) => request('/order/new', undefined, { method: 'POST', body: JSON.stringify(order) }),
    postToken: (token) => request('/token/new', undefined, { method: 'POST', body: JSON.stringify(token) }),
    getRates: () => request(relayerPaths.rates, ratesResponseSchema),
    getNetworkInfo: () => request(relayerPaths.networkInfo, networkInfoSchema),
    getFees: (body) =>
      request('/v0/fees', feesResponseSchema, { method: 'POST', body: JSON.stringify(body) }),
    getChain: () => request('/chain', chainStatusSchema),
  };
}
