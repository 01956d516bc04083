import type { KnownCoin } from './knownCoins';
import { knownCoins } from './knownCoins';

const byContract = new Map<string, KnownCoin>();
for (const coin of knownCoins) {
  for (const [chainId, addresses] of Object.entries(coin.addresses)) {
    for (const address of addresses ?? []) byContract.set(`${chainId}:${address}`, coin);
  }
}

/** The known coin whose token contract this is on that chain, or undefined. Matched by address, never by symbol. */
export function findKnownCoin(chainId: number, address: string): KnownCoin | undefined {
  return byContract.get(`${chainId}:${address.toLowerCase()}`);
}
