import { expect, test } from 'vitest';
import { expiryText } from './expiryText';

const NOW = 1_700_000_000n;

test('says how far ahead or behind the expiry is, in the largest whole unit', () => {
  expect(expiryText(String(NOW + 45n), NOW)).toMatchObject({ text: 'in 45 s', expired: false });
  expect(expiryText(NOW + 3n * 3600n, NOW).text).toBe('in 3 h');
  expect(expiryText(NOW + 3n * 86_400n, NOW).text).toBe('in 3 d');
  expect(expiryText(NOW + 3n * 365n * 86_400n, NOW).text).toBe('in 3 years');
  expect(expiryText(NOW - 120n, NOW)).toMatchObject({ text: 'expired 2 min ago', expired: true });
});

test('expired at the very second the Exchange refuses it (block.timestamp >= expiration)', () => {
  expect(expiryText(NOW, NOW).expired).toBe(true);
  expect(expiryText(NOW + 1n, NOW).expired).toBe(false);
});

test('the full date is in the title; an expiry no date can hold reads "never"', () => {
  expect(expiryText(NOW, NOW).title).toContain('2023');
  expect(expiryText(2n ** 255n, NOW)).toMatchObject({ text: 'never', expired: false });
});
