import { networks, type TokenRecord } from '@relayer/protocol';
import { describe, expect, test } from 'vitest';
import { findCoinTokens } from './findCoinTokens';

const zrx: TokenRecord = {
  address: networks[50].zrx,
  name: '0x',
  symbol: 'ZRX',
  decimals: 18,
  verified: true,
};
const weth: TokenRecord = {
  address: networks[50].weth,
  name: 'Ether Token',
  symbol: 'WETH',
  decimals: 18,
  verified: true,
};
const rep: TokenRecord = {
  address: `0x${'07'.repeat(20)}`,
  name: 'Augur',
  symbol: 'REP',
  decimals: 18,
  verified: true,
};
const fakeZrx: TokenRecord = { ...zrx, address: `0x${'66'.repeat(20)}`, name: 'Totally 0x', verified: false };
// The registry's WETH contract, renamed: its address still makes it wrapped ether.
const renamedWeth: TokenRecord = { ...weth, symbol: 'WRAPPED', verified: false };

describe('findCoinTokens', () => {
  test('finds a coin’s token by its address or by the registry’s symbol, never an unverified namesake', () => {
    expect(findCoinTokens([fakeZrx, zrx, weth], 50, 'zrx')).toEqual([zrx]);
    expect(findCoinTokens([fakeZrx], 50, 'ZRX')).toEqual([]);
    expect(findCoinTokens([rep, fakeZrx], 50, 'REP')).toEqual([rep]);
  });

  test('a known contract is its coin whatever it calls itself, and ether trades as wrapped ether', () => {
    expect(findCoinTokens([renamedWeth], 50, 'WETH')).toEqual([renamedWeth]);
    expect(findCoinTokens([zrx, weth], 50, 'ETH')).toEqual([weth]);
    expect(findCoinTokens([zrx, weth], 50, 'BTC')).toEqual([]);
  });
});
