import { coinSlug, knownCoins, networks } from '@relayer/protocol';
import { describe, expect, test } from 'vitest';
import { coinCatalogueEntries } from './coinCatalogueEntries';

const entries = Object.entries(coinCatalogueEntries);

describe('coinCatalogueEntries', () => {
  test('lists every token the dev chain seeds and the major coins', () => {
    for (const symbol of ['ZRX', 'WETH', 'REP', 'DGD', 'GNT', 'MKR', 'WBTC', 'USDC', 'BTC', 'ETH', 'LTC']) {
      expect(coinCatalogueEntries).toHaveProperty(symbol);
    }
    expect(entries.length).toBeGreaterThanOrEqual(24);
  });

  test('shapes every entry as SPEC §3 says, keyed by its symbol', () => {
    for (const [key, entry] of entries) {
      expect(entry.Symbol).toBe(key);
      expect(entry.Name).toBe(key);
      expect(entry.Id).toMatch(/^\d+$/);
      expect(entry.SortOrder).toMatch(/^\d+$/);
      expect(entry.Url).toBe(`/coins/${coinSlug(key)}/overview`);
      expect(entry.FullName).toBe(`${entry.CoinName} (${entry.Symbol})`);
      expect(['0', '1']).toContain(entry.FullyPremined);
      expect(entry.TotalCoinSupply).toMatch(/^(\d+|N\/A)$/);
      expect(entry.ProofType).toMatch(/^(PoW|PoS|PoW\/PoS|DPoS|PoI|PoC|N\/A)$/);
      expect(entry).toMatchObject({ PreMinedValue: 'N/A', TotalCoinsFreeFloat: 'N/A', Sponsored: false });
    }
  });

  test('gives each coin its own id and rank', () => {
    expect(new Set(entries.map(([, e]) => e.Id)).size).toBe(entries.length);
    expect(new Set(entries.map(([, e]) => e.SortOrder)).size).toBe(entries.length);
    expect(coinCatalogueEntries.BTC?.SortOrder).toBe('1');
  });

  test('uses bundled images only, never a third-party host, and wrapped ether wears ether’s', () => {
    for (const [, entry] of entries) {
      if (entry.ImageUrl !== undefined) expect(entry.ImageUrl).not.toMatch(/^(https?:)?\/\//);
    }
    expect(coinCatalogueEntries.ZRX?.ImageUrl).toMatch(/zrx\.svg/);
    expect(coinCatalogueEntries.WETH?.ImageUrl).toBe(coinCatalogueEntries.ETH?.ImageUrl);
  });

  test('lists each coin’s token contracts per network, as protocol’s knownCoins knows them', () => {
    expect(coinCatalogueEntries.WETH?.addresses[50]).toEqual([networks[50].weth]);
    expect(coinCatalogueEntries.ZRX?.addresses[42]).toEqual([networks[42].zrx]);
    expect(coinCatalogueEntries.ZRX?.addresses[1]).toEqual(['0xe41d2489571d322189246dafa5ebde1f4699f498']);
    expect(coinCatalogueEntries.BTC?.addresses).toEqual({});
    for (const [symbol, entry] of entries) {
      const known = knownCoins.find((coin) => coin.symbol === symbol);
      expect(entry.addresses, symbol).toEqual(known?.addresses ?? {});
    }
  });

  test('records the facts of well-known coins', () => {
    expect(coinCatalogueEntries.BTC).toMatchObject({
      FullName: 'Bitcoin (BTC)',
      Algorithm: 'SHA256',
      ProofType: 'PoW',
      FullyPremined: '0',
      TotalCoinSupply: '21000000',
    });
    expect(coinCatalogueEntries.LTC).toMatchObject({ Algorithm: 'Scrypt', TotalCoinSupply: '84000000' });
    expect(coinCatalogueEntries.ZRX).toMatchObject({ FullName: '0x (ZRX)', FullyPremined: '1' });
  });
});
