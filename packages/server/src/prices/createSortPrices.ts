import type { NetworkConfig } from '../config.js';
import { SORT_PRICE_DIGITS, type SortPrices } from '../orders/orderSortKey.js';
import type { TokenDirectory } from '../tokens/createTokenDirectory.js';
import { buildRatesResponse } from './buildRatesResponse.js';
import type { PriceCache } from './createPriceCache.js';

/**
 * The USD prices `GET /order` sorts by: exactly the token prices `/rates` serves for the network (by
 * address, never by symbol), scaled to integers. Recomputed only when the prices or the token list
 * change; `version` moves only when the prices themselves do.
 */
export function createSortPrices(
  prices: Pick<PriceCache, 'get'>,
  tokens: Pick<TokenDirectory, 'list'>,
  network: Pick<NetworkConfig, 'key' | 'chainId'>,
): () => Promise<SortPrices> {
  let memo: { snapshot: number; list: unknown; value: SortPrices } | undefined;
  return async () => {
    const list = await tokens.list(network.key);
    const snapshot = prices.get();
    if (memo && memo.snapshot === snapshot.version && memo.list === list) return memo.value;
    const { response } = buildRatesResponse(snapshot, network.chainId, list);
    const scaled: Record<string, string> = {};
    for (const [address, price] of Object.entries(response.tokens)) scaled[address] = toScaled(price.price);
    const json = JSON.stringify(scaled);
    const value =
      memo && memo.value.json === json ? memo.value : { json, version: (memo?.value.version ?? 0) + 1 };
    memo = { snapshot: snapshot.version, list, value };
    return value;
  };
}

/** "2500.5" -> 2500.5 × 10^24 as an integer string (digits beyond the 24th dropped). */
function toScaled(price: string): string {
  const [whole = '0', fraction = ''] = price.split('.');
  return BigInt(`${whole}${fraction.slice(0, SORT_PRICE_DIGITS).padEnd(SORT_PRICE_DIGITS, '0')}`).toString();
}
