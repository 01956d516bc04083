import { expect, test } from 'vitest';
import { findLookalike, type ListedText } from './findLookalike.js';

const listed: ListedText[] = [
  { address: '0x01', name: 'Wrapped Ether', symbol: 'WETH' },
  { address: '0x02', name: '0x Protocol Token', symbol: 'ZRX' },
  { address: '0x03', name: 'Augur Reputation Token', symbol: 'REP' },
  { address: '0x04', name: 'USD Coin', symbol: 'USDC' },
  { address: '0x05', name: 'MakerDAO', symbol: 'MKR' },
  { address: '0x06', name: 'Digix DAO Token', symbol: 'DGD' },
];
const clashOf = (field: 'symbol' | 'name', text: string) => findLookalike(field, text, listed)?.looksLike;

test('a symbol built from other scripts’ letters that look Latin is the symbol it imitates', () => {
  expect(clashOf('symbol', 'WΕTH')).toBe('WETH'); // Greek capital epsilon
  expect(clashOf('symbol', 'ZRХ')).toBe('ZRX'); // Cyrillic capital ha
  expect(clashOf('symbol', 'RЕР')).toBe('REP'); // Cyrillic ie and er
  expect(clashOf('symbol', 'wεth')).toBe('WETH'); // lower-case Greek epsilon, compared case-insensitively
  expect(clashOf('symbol', 'ᴡeth')).toBe('WETH'); // Latin small capital w
});

test('compatibility forms and combining marks do not make a symbol new', () => {
  expect(clashOf('symbol', '\uff37\uff25\uff34\uff28')).toBe('WETH'); // full-width letters
  expect(clashOf('symbol', 'USDC\u0301')).toBe('USDC'); // combining acute accent
  expect(clashOf('symbol', 'U\u0308SDC')).toBe('USDC'); // combining diaeresis
  expect(clashOf('symbol', '\u00dcSDC')).toBe('USDC'); // precomposed U with diaeresis
  expect(clashOf('symbol', 'ᴹᴷᴿ')).toBe('MKR'); // modifier letters, NFKC's compatibility forms
});

test('ASCII letters and digits that pass for the letters of a listed symbol are that symbol', () => {
  expect(clashOf('symbol', 'VVETH')).toBe('WETH');
  expect(clashOf('symbol', 'vveth')).toBe('WETH');
  expect(clashOf('symbol', 'U5DC')).toBe('USDC');
  expect(clashOf('symbol', 'u5dc')).toBe('USDC');
  expect(clashOf('symbol', '2RX')).toBe('ZRX');
  expect(clashOf('symbol', 'rnkr')).toBe('MKR'); // confusables.txt's multi-letter prototype of m
  expect(clashOf('symbol', 'clgd')).toBe('DGD');
  expect(clashOf('symbol', 'R3P')).toBeUndefined();
});

test('case and invisible characters do not make a symbol new', () => {
  expect(clashOf('symbol', 'weth')).toBe('WETH');
  expect(clashOf('symbol', 'WE\u200bTH')).toBe('WETH');
  expect(clashOf('symbol', 'W\u00adETH')).toBe('WETH');
});

test('ETH is the market symbol wrapped ether is priced as, so it is taken too', () => {
  expect(findLookalike('symbol', 'ETH', listed)).toEqual({ token: listed[0], looksLike: 'ETH' });
  expect(clashOf('symbol', 'ЕТН')).toBe('ETH'); // all Cyrillic
});

test('symbols that merely share letters are free', () => {
  for (const free of ['WETH2', 'ZRXX', 'DAI', 'RE', 'MLN', 'ZEN'])
    expect(clashOf('symbol', free), free).toBeUndefined();
});

test('names compare by skeleton too, and a token never clashes with itself', () => {
  expect(clashOf('name', 'Wrapped Εther')).toBe('Wrapped Ether');
  expect(clashOf('name', 'Ether Token')).toBeUndefined();
  expect(findLookalike('symbol', 'WETH', listed, '0x01')).toBeUndefined();
});
