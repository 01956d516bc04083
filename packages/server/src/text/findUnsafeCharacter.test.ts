import { expect, test } from 'vitest';
import { findUnsafeCharacter } from './findUnsafeCharacter.js';
import { quoteUntrusted } from './quoteUntrusted.js';

test('finds invisible, direction-changing and other format characters, naming them by code point', () => {
  expect(findUnsafeCharacter('WETH\u200b')).toEqual({ codePoint: 'U+200B', position: 5 });
  expect(findUnsafeCharacter('\u202eHTEW')).toEqual({ codePoint: 'U+202E', position: 1 });
  for (const char of [
    '\u2066',
    '\u200e',
    '\u200d',
    '\ufeff',
    '\u00ad',
    '\u0000',
    '\u001b',
    '\u3164',
    '\ufe0f',
  ]) {
    expect(findUnsafeCharacter(`A${char}B`), char.codePointAt(0)?.toString(16)).toMatchObject({
      position: 2,
    });
  }
  // Spaces other than the plain one, private use, a lone surrogate, an unassigned code point.
  for (const char of ['\u00a0', '\u3000', '\u2028', '\ue000', '\ud800', '\u0378']) {
    expect(findUnsafeCharacter(`A${char}`), char.codePointAt(0)?.toString(16)).toBeDefined();
  }
});

test('lets visible text in any script through', () => {
  for (const text of [
    'Wrapped Ether',
    'Ether Token',
    'ZRX',
    'WΕTH',
    'Токен',
    '以太币',
    'Ωmega 2.0',
    '🦄 Unicorn',
  ]) {
    expect(findUnsafeCharacter(text), text).toBeUndefined();
  }
});

test('quotes at most a few dozen characters, with unsafe ones shown by code point', () => {
  expect(quoteUntrusted('WETH')).toBe('"WETH"');
  expect(quoteUntrusted('\u202eHTEW')).toBe('"<U+202E>HTEW"');
  const long = quoteUntrusted('x'.repeat(10_000));
  expect(long).toBe(`"${'x'.repeat(24)}…"`);
});
