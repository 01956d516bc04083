import { expect, test } from 'vitest';
import { placeholderBadge, placeholderImages } from './placeholderBadge';

test('offers 7 placeholder images', () => {
  expect(new Set(placeholderImages).size).toBe(7);
});

test('picks at random once per token, then keeps the pick for the session', () => {
  const token = '0x00000000000000000000000000000000000000AA';
  const first = placeholderBadge(token, () => 0.99);
  expect(first).toBe(placeholderImages[6]);
  expect(placeholderBadge(token.toLowerCase(), () => 0)).toBe(first);
  expect(JSON.parse(sessionStorage.getItem('relayer.placeholderBadges') ?? '[]')).toContainEqual([
    token.toLowerCase(),
    6,
  ]);
  expect(placeholderBadge('0x00000000000000000000000000000000000000bb', () => 0)).toBe(placeholderImages[0]);
});
