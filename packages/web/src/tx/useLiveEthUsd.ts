import { useNetworkInfo } from '../network/useNetworkInfo';
import { priceStatus } from '../prices/priceStatus';
import { useRates } from '../prices/useRates';

/**
 * USD per ETH as an exact decimal string, only while the price is live: a network cost in dollars
 * from an example or stale price would look more certain than it is. Wrapped ether carries ETH's price.
 */
export function useLiveEthUsd(): string | undefined {
  const { book, tokenPrice, coinPrice } = useRates();
  const networkInfo = useNetworkInfo();
  const price = tokenPrice(networkInfo?.weth) ?? coinPrice('ETH');
  if (!book || !price) return undefined;
  return priceStatus(price, book.maxAgeMs, Date.now()).quality === 'live' ? price.price : undefined;
}
