import { describe, expect, test } from 'vitest';
import { networks } from '../networks/networks';
import { addressSchema } from '../schemas/addressSchema';
import { findKnownCoin } from './findKnownCoin';
import { knownCoins } from './knownCoins';

describe('knownCoins', () => {
  test('symbols are unique upper case and every market is a coin of the table with a market id', () => {
    const symbols = knownCoins.map((coin) => coin.symbol);
    expect(new Set(symbols).size).toBe(symbols.length);
    for (const coin of knownCoins) {
      expect(coin.symbol).toBe(coin.symbol.toUpperCase());
      const market = knownCoins.find((other) => other.symbol === coin.market);
      expect(market?.coingeckoId, coin.symbol).toMatch(/^[a-z0-9-]+$/);
      if (coin.symbol !== coin.market) expect(coin.coingeckoId).toBeUndefined();
    }
  });

  test('each contract is lower case and belongs to one coin only', () => {
    const seen = new Map<string, string>();
    for (const coin of knownCoins) {
      for (const [chainId, addresses] of Object.entries(coin.addresses)) {
        for (const address of addresses ?? []) {
          expect(addressSchema.safeParse(address).success, address).toBe(true);
          const key = `${chainId}:${address}`;
          expect(seen.get(key), key).toBeUndefined();
          seen.set(key, coin.symbol);
        }
      }
    }
    expect(seen.size).toBeGreaterThan(30);
  });

  test("the 0x system's WETH is wrapped ether and its ZRX is ZRX on every network", () => {
    for (const network of Object.values(networks)) {
      expect(findKnownCoin(network.id, network.weth)).toMatchObject({ symbol: 'WETH', market: 'ETH' });
      expect(findKnownCoin(network.id, network.zrx)).toMatchObject({ symbol: 'ZRX', market: 'ZRX' });
    }
  });

  test('a contract is known on its own chain only, in any letter case', () => {
    const mainnetDai = '0x6b175474e89094c44da98b954eedeac495271d0f';
    expect(findKnownCoin(1, mainnetDai)?.symbol).toBe('DAI');
    expect(findKnownCoin(1, mainnetDai.toUpperCase().replace('0X', '0x'))?.symbol).toBe('DAI');
    expect(findKnownCoin(42, mainnetDai)).toBeUndefined();
    expect(findKnownCoin(1, networks[42].weth)).toBeUndefined();
  });
});
