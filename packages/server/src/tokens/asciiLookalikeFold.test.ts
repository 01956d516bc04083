import { knownCoins } from '@relayer/protocol';
import { expect, test } from 'vitest';
import { asciiLookalikeFold } from './asciiLookalikeFold.js';
import { findLookalike, type ListedText } from './findLookalike.js';

test('folds the digits and letter pairs that pass for letters in a symbol', () => {
  expect(asciiLookalikeFold('VVETH')).toBe('WETH');
  expect(asciiLookalikeFold('vveth')).toBe('weth');
  expect(asciiLookalikeFold('U5DC')).toBe('USDC');
  expect(asciiLookalikeFold('W8TC')).toBe('WBTC');
  expect(asciiLookalikeFold('2RX')).toBe('ZRX');
  expect(asciiLookalikeFold('6NT')).toBe('GNT');
  expect(asciiLookalikeFold('clgd')).toBe('dgd');
  expect(asciiLookalikeFold('WETH')).toBe('WETH');
});

test('the real symbols of the catalogue and the dev chain do not clash with each other', () => {
  const devChain = ['REP', 'DGD', 'GNT', 'MKR', 'WBTC', 'USDC', 'ZRX', 'WETH'];
  // ETH itself is left out: it is wrapped ether's market symbol, taken by design.
  const symbols = [...new Set([...knownCoins.map((coin) => coin.symbol), ...devChain])].filter(
    (s) => s !== 'ETH',
  );
  const listed: ListedText[] = symbols.map((symbol, i) => ({ address: `0x${i}`, name: `Coin ${i}`, symbol }));
  for (const token of listed) {
    const clash = findLookalike('symbol', token.symbol, listed, token.address);
    expect(clash?.looksLike, token.symbol).toBeUndefined();
  }
});

test('the catalogue’s coin names do not clash with each other either', () => {
  const listed: ListedText[] = knownCoins.map((coin, i) => ({
    address: `0x${i}`,
    name: coin.name,
    symbol: coin.symbol,
  }));
  for (const token of listed) {
    expect(findLookalike('name', token.name, listed, token.address)?.looksLike, token.name).toBeUndefined();
  }
});
