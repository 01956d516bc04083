import type { Address } from './ModelWorld.js';

/**
 * What the model knows of a token address: which of the deployed test tokens it is (their semantics
 * differ, see tokenModel.ts), or that it has no code.
 * - zrx, dummy, standard: v1's UnlimitedAllowanceToken (false on a shortfall, 2^256-1 allowances kept)
 * - quirky: the same, with QuirkyToken's `mode` misbehaviour (contracts/QuirkyToken.sol)
 * - weth: WETH9 (reverts on a shortfall)
 * - malicious: MaliciousToken (balanceOf/allowance write a fresh value; transfers revert on a shortfall)
 * - falseReturning: claims every balance and allowance, never transfers
 * - codeless: an EOA, the null address or a precompile
 */
export interface TokenSpec {
  name: string;
  address: Address;
  kind: 'zrx' | 'dummy' | 'standard' | 'quirky' | 'weth' | 'malicious' | 'falseReturning' | 'codeless';
  mode?: number;
}

/** QuirkyToken's modes (contracts/QuirkyToken.sol). */
export const QUIRK = {
  PROBE_REWRITES_SLOT: 1,
  PROBE_EMITS_EVENT: 2,
  PROBE_SHORT_RETURN: 3,
  PROBE_LONG_RETURN: 4,
  PROBE_REVERTS: 5,
  PROBE_BURNS_GAS: 6,
  TRANSFER_RETURNS_NOTHING: 7,
  TRANSFER_LONG_RETURN: 8,
  TRANSFER_REVERTS: 9,
} as const;
