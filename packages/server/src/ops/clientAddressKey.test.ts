import { expect, test } from 'vitest';
import { clientAddressKey } from './clientAddressKey.js';

test('keys an IPv4 address by itself, also when it arrives IPv4-mapped', () => {
  expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
  expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  expect(clientAddressKey('::FFFF:203.0.113.7')).toBe('203.0.113.7');
});

test('keys every address of one IPv6 /64 alike, whatever its spelling', () => {
  const key = '2001:db8:85a3:42::/64';
  for (const ip of [
    '2001:db8:85a3:42::1',
    '2001:0db8:85a3:0042:ffff:ffff:ffff:ffff',
    '2001:DB8:85A3:42:1:2:3:4',
    '2001:db8:85a3:42:0:0:0:9%eth0',
    '2001:db8:85a3:42::192.0.2.1',
  ]) {
    expect(clientAddressKey(ip), ip).toBe(key);
  }
  expect(clientAddressKey('2001:db8:85a3:43::1')).not.toBe(key);
  expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
  expect(clientAddressKey('fe80::1')).toBe('fe80:0:0:0::/64');
});

test('leaves anything that is not an IP address as it is', () => {
  expect(clientAddressKey('')).toBe('');
  expect(clientAddressKey('not an ip')).toBe('not an ip');
});
