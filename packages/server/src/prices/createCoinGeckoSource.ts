import { knownCoins } from '@relayer/protocol';
import { contractKey } from './contractKey.js';
import { errorText } from './errorText.js';
import { fetchJsonText } from './fetchJsonText.js';
import type { ContractRef, HttpSourceOptions, PriceBatch, PriceQuote, PriceSource } from './PriceSource.js';
import { parseCoinGeckoPrices } from './parseCoinGeckoPrices.js';
import { parseJsonExact } from './parseJsonExact.js';

/** Coin ids per `/simple/price` request: ~60 ids make a URL under 1 kB. */
const IDS_PER_REQUEST = 100;
/** Requests in flight at once: public plans allow a few dozen calls a minute, so no bursts. */
const CONCURRENCY = 2;
/** The API's asset-platform id per chain id: only main-net contracts have market prices. */
const PLATFORMS: Readonly<Record<number, string>> = { 1: 'ethereum' };
const QUERY = 'vs_currencies=usd&include_last_updated_at=true';

/** Market symbol(s) by coin id, for every known coin that is a market. */
const marketsById = new Map<string, string[]>();
for (const coin of knownCoins) {
  if (!coin.coingeckoId) continue;
  marketsById.set(coin.coingeckoId, [...(marketsById.get(coin.coingeckoId) ?? []), coin.market]);
}

interface Request {
  label: string;
  url: string;
  wanted: ReadonlySet<string>;
  store: (key: string, quote: PriceQuote) => void;
}

/**
 * The CoinGecko-style API: every known coin's market by id (`/simple/price?ids=...`) and main-net token
 * contracts by address (`/simple/token_price/ethereum?contract_addresses=...`), in batches, a few at a
 * time. `url` is the API root (e.g. `https://api.example.org/api/v3`); every request goes below it.
 */
export function createCoinGeckoSource(
  options: HttpSourceOptions & { contractBatchSize: number },
): PriceSource {
  const { url, timeoutMs, headers, fetch: fetchFn, now, contractBatchSize } = options;
  const root = new URL(url);
  const endpoint = (path: string, query: string) => {
    const target = new URL(root);
    target.pathname = `${root.pathname.replace(/\/+$/, '')}${path}`;
    // Built by hand: ids and hex addresses need no escaping, and the API expects literal commas.
    target.search = query;
    return target.toString();
  };

  return {
    name: 'coingecko',
    contractChains: new Set(Object.keys(PLATFORMS).map(Number)),
    async fetchPrices(contracts, signal): Promise<PriceBatch> {
      const symbols = new Map<string, PriceQuote>();
      const byContract = new Map<string, PriceQuote>();
      const requests: Request[] = chunk([...marketsById.keys()], IDS_PER_REQUEST).map((ids, i) => ({
        label: `simple/price batch ${i + 1}`,
        url: endpoint('/simple/price', `ids=${ids.join(',')}&${QUERY}`),
        wanted: new Set(ids),
        store: (id, quote) => {
          for (const market of marketsById.get(id) ?? []) symbols.set(market, quote);
        },
      }));
      for (const [chainId, addresses] of groupByChain(contracts)) {
        const platform = PLATFORMS[chainId];
        if (!platform) continue;
        chunk(addresses, contractBatchSize).forEach((batch, i) => {
          requests.push({
            label: `simple/token_price/${platform} batch ${i + 1}`,
            url: endpoint(
              `/simple/token_price/${platform}`,
              `contract_addresses=${batch.join(',')}&${QUERY}`,
            ),
            wanted: new Set(batch),
            store: (address, quote) => byContract.set(contractKey(chainId, address), quote),
          });
        });
      }
      const failures: PriceBatch['failures'] = [];
      await runLimited(requests, CONCURRENCY, async (request) => {
        try {
          const text = await fetchJsonText(fetchFn, request.url, { timeoutMs, signal, headers });
          const prices = parseCoinGeckoPrices(parseJsonExact(text), request.wanted, now());
          if (!prices) return void failures.push({ request: request.label, reason: 'not a JSON object' });
          for (const [key, quote] of prices) request.store(key, quote);
        } catch (error) {
          const reason = error instanceof SyntaxError ? 'not JSON' : errorText(error);
          failures.push({ request: request.label, reason });
        }
      });
      return { symbols, contracts: byContract, failures };
    },
  };
}

function groupByChain(contracts: readonly ContractRef[]): Map<number, string[]> {
  const groups = new Map<number, Set<string>>();
  for (const { chainId, address } of contracts) {
    const set = groups.get(chainId) ?? new Set<string>();
    set.add(address.toLowerCase());
    groups.set(chainId, set);
  }
  return new Map([...groups].map(([chainId, set]) => [chainId, [...set]]));
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

async function runLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
