import { fromBaseUnits } from '@relayer/protocol';

/** Allowances at or above 2^255 are "unlimited" approvals for every practical purpose. */
const UNLIMITED = 2n ** 255n;

/** A base-unit amount in the token's human units; huge allowances read 'Unlimited'. */
export function formatTokenAmount(base: bigint, decimals: number): string {
  return base >= UNLIMITED ? 'Unlimited' : fromBaseUnits(base, decimals);
}
