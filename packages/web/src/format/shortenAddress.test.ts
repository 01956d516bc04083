import { expect, test } from 'vitest';
import { shortenAddress } from './shortenAddress';

test('keeps the first 8 characters of the lower-case address', () => {
  expect(shortenAddress('0x5409ED021D9299bf6814279A6A1411A7e866A631')).toBe('0x5409ed…');
});
