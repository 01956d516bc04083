import { describe, expect, test } from 'vitest';
import { getNetwork } from './getNetwork';
import { networks } from './networks';

describe('getNetwork', () => {
  test('finds the built-in networks', () => {
    expect(getNetwork(1)).toBe(networks[1]);
    expect(getNetwork(42)?.name).toBe('Kovan');
    expect(getNetwork(50)?.exchange).toBe('0x48bacb9266a570d521063ef5dd96e61686dbe788');
  });

  test('returns undefined for other chains, including Rinkeby', () => {
    for (const id of [0, 4, 5, 1337, 31337, -1, 1.5, Number.NaN]) expect(getNetwork(id)).toBeUndefined();
  });
});
