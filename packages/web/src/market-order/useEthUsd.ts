import { useNetworkInfo } from '../network/useNetworkInfo';
import { priceStatus } from '../prices/priceStatus';
import { useRates } from '../prices/useRates';

/**
 * The USD price of one ETH (wrapped ether's, by its address) when it is live market data; undefined
 * for an example or stale price, which must not put a dollar figure on a cost.
 */
export function useEthUsd(): string | undefined {
  const networkInfo = useNetworkInfo();
  const { book, tokenPrice } = useRates();
  const price = tokenPrice(networkInfo?.weth);
  if (!price || !book) return undefined;
  return priceStatus(price, book.maxAgeMs, Date.now()).quality === 'live' ? price.price : undefined;
}
