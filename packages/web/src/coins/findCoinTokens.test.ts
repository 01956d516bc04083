import type { TokenRecord } from '@relayer/protocol';
import { describe, expect, test } from 'vitest';
import { REP, WETH, ZRX } from '../test/fixtures';
import { findCoinTokens } from './findCoinTokens';

const fakeZrx: TokenRecord = { ...ZRX, address: `0x${'66'.repeat(20)}`, name: 'Totally 0x', verified: false };
// The registry's WETH contract, renamed: its address still makes it wrapped ether.
const renamedWeth: TokenRecord = { ...WETH, symbol: 'WRAPPED', verified: false };

describe('findCoinTokens', () => {
  test('finds a coin’s token by its address or by the registry’s symbol, never an unverified namesake', () => {
    expect(findCoinTokens([fakeZrx, ZRX, WETH], 50, 'ZRX')).toEqual([ZRX]);
    expect(findCoinTokens([fakeZrx], 50, 'ZRX')).toEqual([]);
    expect(findCoinTokens([REP, fakeZrx], 50, 'REP')).toEqual([REP]);
  });

  test('a known contract is its coin whatever it calls itself, and ether trades as wrapped ether', () => {
    expect(findCoinTokens([renamedWeth], 50, 'WETH')).toEqual([renamedWeth]);
    expect(findCoinTokens([ZRX, WETH], 50, 'ETH')).toEqual([WETH]);
    expect(findCoinTokens([ZRX, WETH], 50, 'BTC')).toEqual([]);
  });
});
