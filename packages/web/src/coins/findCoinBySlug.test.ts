import { describe, expect, test } from 'vitest';
import { coinCatalogueEntry } from '../tokens/coinCatalogueEntry';
import { findCoinBySlug } from './findCoinBySlug';

const facts = { algorithm: 'SHA256', proofType: 'PoW', fullyPremined: false, totalCoinSupply: '0' };
const catalogue = {
  BTC: coinCatalogueEntry({ ...facts, symbol: 'BTC', coinName: 'Bitcoin' }, 1),
  'BTC*': coinCatalogueEntry({ ...facts, symbol: 'BTC*', coinName: 'Bitcoin Star' }, 2),
};

describe('findCoinBySlug', () => {
  test('finds an entry by its overview slug, a trailing star spelt out', () => {
    expect(findCoinBySlug(catalogue, 'btc')?.FullName).toBe('Bitcoin (BTC)');
    expect(findCoinBySlug(catalogue, 'btcstar')?.FullName).toBe('Bitcoin Star (BTC*)');
    expect(findCoinBySlug(catalogue, 'BTC')?.Symbol).toBe('BTC');
  });

  test('finds nothing for an unknown slug or an object prototype name', () => {
    expect(findCoinBySlug(catalogue, 'nope')).toBeUndefined();
    expect(findCoinBySlug(catalogue, 'constructor')).toBeUndefined();
  });
});
