import { isIPv4 } from 'node:net';
import { describe, expect, it } from 'vitest';
import { LOOPBACK_SOURCES, loopbackAddress } from './loopbackAddress.js';

describe('loopbackAddress', () => {
  it('counts up from 127.0.1.1 over whole /24 blocks, skipping .0 and .255', () => {
    expect(loopbackAddress(0)).toBe('127.0.1.1');
    expect(loopbackAddress(253)).toBe('127.0.1.254');
    expect(loopbackAddress(254)).toBe('127.0.2.1');
    expect(loopbackAddress(254 * 255)).toBe('127.1.0.1');
    expect(loopbackAddress(LOOPBACK_SOURCES - 1)).toBe('127.255.255.254');
  });

  it('gives distinct valid addresses outside 127.0.0.0/24', () => {
    const seen = new Set<string>();
    const bad: string[] = [];
    for (let n = 0; n < 70_000; n++) {
      const address = loopbackAddress(n);
      const valid = isIPv4(address) && address.startsWith('127.') && !address.startsWith('127.0.0.');
      if (!valid || /\.(0|255)$/.test(address)) bad.push(address);
      seen.add(address);
    }
    expect(bad).toEqual([]);
    expect(seen.size).toBe(70_000);
  });

  it('refuses an index it has no address for', () => {
    expect(() => loopbackAddress(-1)).toThrow(RangeError);
    expect(() => loopbackAddress(LOOPBACK_SOURCES)).toThrow(RangeError);
    expect(() => loopbackAddress(1.5)).toThrow(RangeError);
  });
});
