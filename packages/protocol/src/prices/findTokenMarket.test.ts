import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { networks } from '../networks/networks';
import { findKnownCoin } from './findKnownCoin';
import { findTokenMarket } from './findTokenMarket';
import { knownCoins } from './knownCoins';
import { marketSymbol } from './marketSymbol';

const known = knownCoins.flatMap((coin) =>
  Object.entries(coin.addresses).flatMap(([chainId, addresses]) =>
    (addresses ?? []).map((address) => ({ chainId: Number(chainId), address, coin })),
  ),
);
const chainIds = fc.constantFrom(1, 3, 42, 50, 1337);
const address = fc
  .uint8Array({ minLength: 20, maxLength: 20 })
  .map((bytes) => `0x${Buffer.from(bytes).toString('hex')}`);
// The symbols an impostor would pick: the real coins', lookalikes and anything else.
const claimedSymbol = fc.oneof(
  fc.constantFrom(...knownCoins.map((coin) => coin.symbol)),
  fc.constantFrom('weth', 'WΕTH', 'WETH\u200b', '\u202eHTEW', 'ZRХ', ' eth '),
  fc.string({ maxLength: 12 }),
);
const params = { numRuns: 500 };

describe('findTokenMarket', () => {
  test('a token nobody verified, at an unknown address, has no market whatever symbol it claims', () => {
    fc.assert(
      fc.property(chainIds, address, claimedSymbol, (chainId, tokenAddress, symbol) => {
        fc.pre(findKnownCoin(chainId, tokenAddress) === undefined);
        expect(findTokenMarket({ chainId, address: tokenAddress, symbol, verified: false })).toBeUndefined();
      }),
      params,
    );
  });

  test("a known contract takes its coin's market whatever it calls itself and whether or not it is verified", () => {
    fc.assert(
      fc.property(fc.constantFrom(...known), claimedSymbol, fc.boolean(), (entry, symbol, verified) => {
        expect(findTokenMarket({ chainId: entry.chainId, address: entry.address, symbol, verified })).toEqual(
          { market: entry.coin.market, basis: 'knownAddress' },
        );
      }),
      params,
    );
  });

  test("a verified token at an unknown address takes its registry symbol's market", () => {
    fc.assert(
      fc.property(chainIds, address, claimedSymbol, (chainId, tokenAddress, symbol) => {
        fc.pre(findKnownCoin(chainId, tokenAddress) === undefined && symbol.trim() !== '');
        expect(findTokenMarket({ chainId, address: tokenAddress, symbol, verified: true })).toEqual({
          market: marketSymbol(symbol),
          basis: 'registry',
        });
      }),
      params,
    );
  });

  test('examples: the real WETH is ether, a fake WETH is nothing, a registry WETH on a new chain is ether', () => {
    const fake = '0x00000000000000000000000000000000000000f1';
    expect(
      findTokenMarket({ chainId: 50, address: networks[50].weth, symbol: 'WETH', verified: false }),
    ).toEqual({ market: 'ETH', basis: 'knownAddress' });
    expect(findTokenMarket({ chainId: 50, address: fake, symbol: 'WETH', verified: false })).toBeUndefined();
    expect(findTokenMarket({ chainId: 1337, address: fake, symbol: 'weth', verified: true })).toEqual({
      market: 'ETH',
      basis: 'registry',
    });
  });
});
