import { describe, expect, test } from 'vitest';
import { loadConfig } from './config.js';

/** The message `loadConfig` refuses `env` with, or '' when it is accepted. */
function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
    return '';
  } catch (error) {
    return (error as Error).message;
  }
}

describe('configuration errors name their variable and cause, one line each', () => {
  test('DATABASE_URL: postgres:// or postgresql:// with a host, never echoing the password', () => {
    for (const url of ['postgres//relayer:hunter2@db/relayer', 'mysql://relayer:hunter2@db/relayer']) {
      const message = refusal({ DATABASE_URL: url });
      expect(message).toMatch(/^Invalid configuration:\n {2}DATABASE_URL must be postgres:\/\//);
      expect(message).not.toContain('hunter2');
    }
    expect(refusal({ DATABASE_URL: 'mysql://relayer:hunter2@db/relayer' })).toMatch(/its scheme is mysql$/);
    expect(refusal({ DATABASE_URL: 'postgres:///relayer' })).toMatch(/DATABASE_URL .* it has no host/);
    expect(refusal({ DATABASE_URL: 'postgresql://relayer:pw@db:5432/relayer' })).toBe('');
  });

  test('node URLs: http:// or https:// only (the chain client speaks nothing else)', () => {
    expect(refusal({ RPC_URL: 'ws://127.0.0.1:8546/key' })).toMatch(
      /RPC_URL must be an http:\/\/ .* scheme is ws$/,
    );
    expect(refusal({ KOVAN_RPC_URL: 'kovan.example.org' })).toMatch(
      /KOVAN_RPC_URL must be an http.*not a URL$/,
    );
    expect(refusal({ RPC_URL: 'https://mainnet.example.org/v3/KEY' })).toBe('');
  });

  test('TRUST_PROXY=on says what it must be, naming the variable', () => {
    expect(refusal({ TRUST_PROXY: 'on' })).toBe(
      'Invalid configuration:\n  TRUST_PROXY must be true, false or a list of addresses/ranges, not "on"',
    );
    expect(refusal({ TRUST_PROXY: 'loopback, 10.0.0.0/8, ::1, fd00::/8' })).toBe('');
    expect(refusal({ TRUST_PROXY: '10.0.0.0/33' })).toMatch(/TRUST_PROXY must be/);
  });

  test('a chain without known contracts asks for their addresses, once', () => {
    const message = refusal({ CHAIN_ID: '1337' });
    expect(message.split('\n')).toEqual([
      'Invalid configuration:',
      expect.stringMatching(
        /^ {2}no contract addresses are known for chain 1337 \(CHAIN_ID\): set EXCHANGE_ADDRESS, TOKEN_TRANSFER_PROXY_ADDRESS, ZRX_ADDRESS, WETH_ADDRESS, TOKEN_REGISTRY_ADDRESS, or deploy them: .*npm run deploy/,
      ),
    ]);
    expect(refusal({ CHAIN_ID: 'main' })).toBe(
      'Invalid configuration:\n  CHAIN_ID must be a positive whole number, not "main"',
    );
  });

  test('schema findings name the variable, the value, and never a secret', () => {
    const message = refusal({ PORT: '70000', API_DOCS: 'maybe', METRICS_TOKEN: 'short-secret' });
    expect(message.split('\n').slice(1)).toEqual([
      '  PORT: too big: expected number to be <=65535 (got "70000")',
      '  API_DOCS: must be true or false (or 1/0, yes/no) (got "maybe")',
      '  METRICS_TOKEN: must be at least 16 characters',
    ]);
    expect(refusal({ KOVAN_RPC_URL: 'http://127.0.0.1:8546', KOVAN_RPC_BATCH_SIZE: '0' })).toMatch(
      /KOVAN_RPC_BATCH_SIZE: too small.*\(got "0"\)/,
    );
  });
});
