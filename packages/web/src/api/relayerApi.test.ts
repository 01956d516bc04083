import { describe, expect, test } from 'vitest';
import { createFakeRelayer, testTokens, zrxToken } from '../test/fakeRelayer';
import { ApiError } from './ApiError';
import { createRelayerApi } from './relayerApi';

describe('createRelayerApi', () => {
  test('reads tokens under the network prefix and parses them', async () => {
    const relayer = createFakeRelayer();
    const api = createRelayerApi('https://api.test/kovan/', relayer.fetch);
    expect(await api.getTokens()).toEqual(testTokens);
    expect(relayer.requests[0]?.url.href).toBe('https://api.test/kovan/token');
  });

  test('sends order queries with the server parameter names, leaving out empty ones', async () => {
    const relayer = createFakeRelayer({
      'GET /order': () => ({
        body: {
          orders: [],
          total: 0,
          page: 2,
          perPage: 5,
          sort: 'makerFee',
          direction: 'asc',
          nextCursor: null,
          prevCursor: null,
        },
      }),
    });
    const api = createRelayerApi('https://api.test', relayer.fetch);
    await api.getOrders({ page: 2, per_page: 5, sort: 'makerFee', makerTokenAddress: undefined });
    expect(relayer.requests[0]?.url.search).toBe('?page=2&per_page=5&sort=makerFee');
  });

  test('posts a token as JSON', async () => {
    const relayer = createFakeRelayer({ 'POST /token/new': () => ({ status: 201, body: {} }) });
    const api = createRelayerApi('https://api.test', relayer.fetch);
    const token = { address: zrxToken.address, name: 'Zed', symbol: 'ZED', decimals: 18 } as const;
    await api.postToken(token);
    expect(relayer.requests[0]).toMatchObject({ method: 'POST', body: token });
  });

  test('turns an error answer into an ApiError with the relayer code and field reasons', async () => {
    const relayer = createFakeRelayer({
      'POST /token/new': () => ({
        status: 400,
        body: {
          code: 100,
          reason: 'Validation failed',
          error: 'NOT_A_TOKEN',
          validationErrors: [{ field: 'address', code: 1002, reason: 'no contract at this address' }],
        },
      }),
    });
    const api = createRelayerApi('https://api.test', relayer.fetch);
    const error = await api
      .postToken({ address: zrxToken.address, name: 'x', symbol: 'x', decimals: 1 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'NOT_A_TOKEN',
      reason: 'Validation failed',
      validationErrors: [{ field: 'address', code: 1002, reason: 'no contract at this address' }],
    });
  });

  test('maps SRA codes and statuses when the relayer sends no string code', async () => {
    const relayer = createFakeRelayer({
      'GET /rates': () => ({ status: 429, body: { code: 103, reason: 'slow down' } }),
      'GET /config': () => ({ status: 503, body: 'not json' }),
    });
    const api = createRelayerApi('https://api.test', relayer.fetch);
    await expect(api.getRates()).rejects.toMatchObject({ code: 'THROTTLED', reason: 'slow down' });
    await expect(api.getNetworkInfo()).rejects.toMatchObject({ status: 503, code: 'INTERNAL_ERROR' });
  });

  test('refuses an answer that does not match the wire schema', async () => {
    const relayer = createFakeRelayer({ 'GET /token': () => ({ body: [{ address: 'nope' }] }) });
    const api = createRelayerApi('https://api.test', relayer.fetch);
    await expect(api.getTokens()).rejects.toMatchObject({ code: 'INTERNAL_ERROR' });
  });
});
