import type { NetworkConfig } from '../config.js';
import { SORT_PRICE_DIGITS, type SortInputs } from '../orders/orderSortKey.js';
import type { TokenDirectory } from '../tokens/createTokenDirectory.js';
import { buildRatesResponse } from './buildRatesResponse.js';
import type { PriceCache } from './createPriceCache.js';

/**
 * What `GET /order`'s derived sorts read: every listed token's decimals, and exactly the token prices
 * `/rates` serves for the network (by address, never by symbol), scaled to integers. Recomputed only
 * when the prices or the token list change; `version` moves only when the prices themselves do (a
 * token's decimals never change).
 */
export function createSortInputs(
  prices: Pick<PriceCache, 'get'>,
  tokens: Pick<TokenDirectory, 'list'>,
  network: Pick<NetworkConfig, 'key' | 'chainId'>,
): () => Promise<SortInputs> {
  let memo: { snapshot: number; list: unknown; value: SortInputs } | undefined;
  return async () => {
    const list = await tokens.list(network.key);
    const snapshot = prices.get();
    if (memo && memo.snapshot === snapshot.version && memo.list === list) return memo.value;
    const { response } = buildRatesResponse(snapshot, network.chainId, list);
    const scaled: Record<string, string> = {};
    for (const [address, price] of Object.entries(response.tokens)) scaled[address] = toScaled(price.price);
    const pricesJson = JSON.stringify(scaled);
    const decimals = JSON.stringify(Object.fromEntries(list.map((token) => [token.address, token.decimals])));
    const version =
      memo && memo.value.prices === pricesJson ? memo.value.version : (memo?.value.version ?? 0) + 1;
    memo = { snapshot: snapshot.version, list, value: { prices: pricesJson, decimals, version } };
    return memo.value;
  };
}

/** "2500.5" -> 2500.5 × 10^24 as an integer string (digits beyond the 24th dropped). */
function toScaled(price: string): string {
  const [whole = '0', fraction = ''] = price.split('.');
  return BigInt(`${whole}${fraction.slice(0, SORT_PRICE_DIGITS).padEnd(SORT_PRICE_DIGITS, '0')}`).toString();
}
