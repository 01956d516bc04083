import type { TokenSpec } from '../model/TokenSpec.js';

/** The token addresses a scenario picks from, by index; deployed ones get their address at setup. */
export const TOKEN_TABLE: readonly (Omit<TokenSpec, 'address'> & { address?: `0x${string}` })[] = [
  { name: 'ZRX', kind: 'zrx' },
  { name: 'DummyToken A', kind: 'dummy' },
  { name: 'DummyToken B', kind: 'dummy' },
  { name: 'StandardToken', kind: 'standard' },
  { name: 'WETH9', kind: 'weth' },
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((mode) => ({
    name: `QuirkyToken(${mode})`,
    kind: 'quirky' as const,
    mode,
  })),
  { name: 'MaliciousToken', kind: 'malicious' },
  { name: 'FalseReturningToken', kind: 'falseReturning' },
  { name: 'null address', kind: 'codeless', address: '0x0000000000000000000000000000000000000000' },
  { name: 'EOA', kind: 'codeless', address: '0x1234567890abcdef1234567890abcdef12345678' },
  { name: 'ecrecover (0x01)', kind: 'codeless', address: '0x0000000000000000000000000000000000000001' },
  { name: 'sha256 (0x02)', kind: 'codeless', address: '0x0000000000000000000000000000000000000002' },
  { name: 'identity (0x04)', kind: 'codeless', address: '0x0000000000000000000000000000000000000004' },
];

const indexes = (test: (t: (typeof TOKEN_TABLE)[number]) => boolean) =>
  TOKEN_TABLE.flatMap((t, i) => (test(t) ? [i] : []));

export const TOKEN_GROUPS = {
  /** ZRX, two DummyTokens, StandardToken, WETH9. */
  plain: indexes((t) => ['zrx', 'dummy', 'standard', 'weth'].includes(t.kind)),
  quirky: indexes((t) => t.kind === 'quirky'),
  malicious: indexes((t) => t.kind === 'malicious' || t.kind === 'falseReturning'),
  codeless: indexes((t) => t.kind === 'codeless'),
  /** Tokens whose balances a funding step can change. */
  fundable: indexes((t) => !['falseReturning', 'codeless'].includes(t.kind)),
  /** Tokens with an approve. */
  approvable: indexes((t) => !['falseReturning', 'codeless'].includes(t.kind)),
};
