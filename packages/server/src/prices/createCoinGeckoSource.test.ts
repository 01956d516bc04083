import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { knownCoins } from '@relayer/protocol';
import { afterEach, describe, expect, test } from 'vitest';
import {
  type CoinGeckoAnswer,
  type CoinGeckoRequest,
  geckoBody,
  geckoEntry,
  startCoinGeckoServer,
} from '../../test/helpers/startCoinGeckoServer.js';
import { createCoinGeckoSource } from './createCoinGeckoSource.js';
import type { ContractRef } from './PriceSource.js';

const clock = Date.parse('2026-01-01T00:00:00Z');
const nowSec = clock / 1000;
const closers: (() => unknown)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const ids = [...new Set(knownCoins.flatMap((coin) => (coin.coingeckoId ? [coin.coingeckoId] : [])))];
const contract = (n: number): ContractRef => ({
  chainId: 1,
  address: `0x${n.toString(16).padStart(40, 'a')}`,
});

/** Every known id priced at 1.5 (ether 2500.123456789012345678), every contract at 0.25, all an hour old. */
function allPriced(request: CoinGeckoRequest): CoinGeckoAnswer {
  const entries = Object.fromEntries(
    request.keys.map((key) => [
      key,
      geckoEntry(
        key === 'ethereum' ? '2500.123456789012345678' : key.startsWith('0x') ? '0.25' : '1.5',
        nowSec - 3600,
      ),
    ]),
  );
  return { body: geckoBody(entries) };
}

async function sourceFor(
  answer: (request: CoinGeckoRequest) => CoinGeckoAnswer,
  overrides: { contractBatchSize?: number; timeoutMs?: number; path?: string } = {},
) {
  const server = await startCoinGeckoServer(answer);
  closers.push(server.close);
  const source = createCoinGeckoSource({
    url: `${server.url}${overrides.path ?? ''}`,
    timeoutMs: overrides.timeoutMs ?? 5_000,
    headers: { 'x-cg-demo-api-key': 'secret-key' },
    fetch,
    now: () => clock,
    contractBatchSize: overrides.contractBatchSize ?? 10,
  });
  return { server, source };
}

describe('createCoinGeckoSource', () => {
  test('prices every known market by id and main-net contracts by address, in batches, with the key header', async () => {
    const { server, source } = await sourceFor(allPriced, { contractBatchSize: 2 });
    const contracts = [contract(1), contract(2), contract(3), { chainId: 42, address: contract(4).address }];
    const batch = await source.fetchPrices(contracts, new AbortController().signal);

    const priceRequests = server.requests.filter((r) => r.path === '/simple/price');
    expect(priceRequests).toHaveLength(1);
    expect(priceRequests[0]?.keys.sort()).toEqual([...ids].sort());
    const tokenRequests = server.requests.filter((r) => r.path === '/simple/token_price/ethereum');
    // Three main-net contracts in batches of two; the Kovan one is not asked for (no market for test coins).
    expect(tokenRequests.map((r) => r.keys.length).sort()).toEqual([1, 2]);
    expect(server.requests).toHaveLength(3);
    for (const request of server.requests) {
      expect(request.query.get('vs_currencies')).toBe('usd');
      expect(request.query.get('include_last_updated_at')).toBe('true');
      expect(request.headers['x-cg-demo-api-key']).toBe('secret-key');
    }

    expect(batch.failures).toEqual([]);
    expect(batch.symbols.get('ETH')).toEqual({
      price: '2500.123456789012345678',
      source: 'coingecko',
      asOf: clock - 3_600_000,
    });
    // Every catalogue coin has a market price, wrapped ether through ETH.
    for (const coin of knownCoins) expect(batch.symbols.get(coin.market), coin.symbol).toBeDefined();
    expect([...batch.contracts.keys()].sort()).toEqual(
      [1, 2, 3].map((n) => `1:${contract(n).address}`).sort(),
    );
    expect(batch.contracts.get(`1:${contract(1).address}`)?.price).toBe('0.25');
  });

  test('a partial answer prices what it names; keys nobody asked for and nonsense are ignored', async () => {
    const { source } = await sourceFor((request) =>
      request.path === '/simple/price'
        ? {
            body: geckoBody({
              bitcoin: geckoEntry('65000.12', nowSec - 60),
              ethereum: '{"usd":null}',
              '0x': geckoEntry('-1'),
              maker: '{"usd":"1500"}',
              augur: geckoEntry('1e-7', nowSec + 99_999),
              'not-asked': geckoEntry('123'),
              status: '"a string"',
            }),
          }
        : {
            body: geckoBody({
              [contract(9).address]: geckoEntry('3.5'),
              [contract(1).address]: geckoEntry('0.1'),
            }),
          },
    );
    const batch = await source.fetchPrices([contract(1)], new AbortController().signal);
    expect(Object.fromEntries([...batch.symbols].map(([s, q]) => [s, [q.price, q.asOf]]))).toEqual({
      BTC: ['65000.12', clock - 60_000],
      MKR: ['1500', clock],
      // A time ahead of ours is clamped to the fetch.
      REP: ['0.0000001', clock],
    });
    expect([...batch.contracts.keys()]).toEqual([`1:${contract(1).address}`]);
    expect(batch.failures).toEqual([]);
  });

  test('malformed answers, errors and time-outs are failures that cost only their own batch', async () => {
    const { source } = await sourceFor(
      (request) => {
        if (request.path === '/simple/price') return { body: '[1, 2, 3]' };
        if (request.keys.includes(contract(1).address)) return { body: '{"truncated": ' };
        if (request.keys.includes(contract(2).address))
          return { status: 429, body: { status: 'rate limited' } };
        if (request.keys.includes(contract(3).address)) return { hang: true };
        return allPriced(request);
      },
      // Long enough for a loaded machine to answer the others; the hanging one still times out.
      { contractBatchSize: 1, timeoutMs: 2_000 },
    );
    const batch = await source.fetchPrices(
      [contract(1), contract(2), contract(3), contract(4)],
      new AbortController().signal,
    );
    expect(batch.symbols.size).toBe(0);
    expect([...batch.contracts.keys()]).toEqual([`1:${contract(4).address}`]);
    const reasons = batch.failures.map((f) => f.reason).sort();
    expect(reasons).toEqual(['HTTP 429', 'not JSON', 'not a JSON object', 'timed out after 2000 ms']);
    expect(JSON.stringify(batch.failures)).not.toContain('secret-key');
  });

  test('requests stay below the configured API root, whatever its trailing slash', async () => {
    const { server, source } = await sourceFor(allPriced, { path: '/' });
    await source.fetchPrices([], new AbortController().signal);
    expect(server.requests.map((r) => r.path)).toEqual(['/simple/price']);
  });

  test('a redirect is not followed: no request (and no API key) reaches another host', async () => {
    let elsewhere = 0;
    const other = createServer((_req, res) => {
      elsewhere += 1;
      res.end('{}');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise((resolve) => other.close(resolve)));
    const otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}/`;
    const { source } = await sourceFor(() => ({ status: 302, headers: { location: otherUrl } }));
    const batch = await source.fetchPrices([contract(1)], new AbortController().signal);
    expect(batch.symbols.size + batch.contracts.size).toBe(0);
    expect(batch.failures.map((f) => f.reason)).toEqual([
      'HTTP 302 (redirects are not followed)',
      'HTTP 302 (redirects are not followed)',
    ]);
    expect(elsewhere).toBe(0);
  });
});
