import type { TokenRecord } from '@relayer/protocol';
import { describe, expect, test } from 'vitest';
import { findListedToken } from './findListedToken';

const token = (symbol: string, verified: boolean, address: string): TokenRecord => ({
  address: address as TokenRecord['address'],
  name: symbol,
  symbol,
  decimals: 18,
  verified,
});
const fakeZrx = token('ZRX', false, '0x00000000000000000000000000000000000000aa');
const zrx = token('ZRX', true, '0x00000000000000000000000000000000000000bb');
const weth = token('WETH', true, '0x00000000000000000000000000000000000000cc');

describe('findListedToken', () => {
  test('matches the symbol case-insensitively, preferring the verified token', () => {
    expect(findListedToken([fakeZrx, zrx, weth], 'zrx')).toBe(zrx);
  });

  test('finds ether traded as wrapped ether', () => {
    expect(findListedToken([zrx, weth], 'ETH')).toBe(weth);
    expect(findListedToken([zrx, weth], 'WETH')).toBe(weth);
  });

  test('finds nothing for a coin the relayer does not list', () => {
    expect(findListedToken([zrx, weth], 'BTC')).toBeUndefined();
  });
});
