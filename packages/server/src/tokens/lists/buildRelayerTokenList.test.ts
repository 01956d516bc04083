import type { Address, TokenRecord } from '@relayer/protocol';
import { getAddress } from 'viem';
import { expect, test } from 'vitest';
import { buildRelayerTokenList } from './buildRelayerTokenList.js';
import { createTokenListValidator } from './createTokenListValidator.js';

const token = (n: number, extra: Partial<TokenRecord> = {}): TokenRecord => ({
  address: `0x${n.toString(16).repeat(40).slice(0, 40)}` as Address,
  name: `Token ${n}`,
  symbol: `T${n}`,
  decimals: 18,
  verified: true,
  ...extra,
});

test('publishes the verified tokens as a list that validates against the token-lists schema', () => {
  const list = buildRelayerTokenList({
    networkName: 'Local (dev)',
    chainId: 50,
    timestamp: '2026-12-02T08:00:00.000Z',
    tokens: [
      token(10),
      token(11, { verified: false }),
      token(12, { name: 'Tab\there' }),
      token(13, { symbol: 'TWO WORDS' }),
      token(14, { name: 'Ünïcode Cöin', symbol: 'ÜC' }),
    ],
  });
  expect(createTokenListValidator()(list)).toHaveProperty('list');
  expect(list?.name).toBe('Relayer Local dev');
  expect(list?.tokens.map((t) => t.symbol)).toEqual(['T10', 'ÜC']);
  // Checksummed, as the format asks.
  expect(list?.tokens[0]?.address).toBe(getAddress(`0x${'a'.repeat(40)}`));
  expect(list?.tokens[0]?.address).not.toBe(`0x${'a'.repeat(40)}`);
  expect(list?.tokens.every((t) => t.chainId === 50)).toBe(true);
  expect(list?.version).toEqual({ major: 1, minor: 2, patch: 0 });
});

test('has no list to publish without a verified token (the format needs one)', () => {
  const none = buildRelayerTokenList({
    networkName: 'Kovan',
    chainId: 42,
    timestamp: '2026-12-02T08:00:00.000Z',
    tokens: [token(10, { verified: false })],
  });
  expect(none).toBeUndefined();
});
