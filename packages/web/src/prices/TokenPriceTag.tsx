import { PriceTag } from './PriceTag';
import { useRates } from './useRates';

/** A listed token's USD market price by its address, with where it comes from and how old it is. */
export function TokenPriceTag({ address }: { address: string }) {
  const { book, tokenPrice } = useRates();
  return <PriceTag price={tokenPrice(address)} maxAgeMs={book?.maxAgeMs ?? 1} layout="inline" />;
}
