import type { TokenRecord } from '@relayer/protocol';
import { tokenLabelText } from './TokenLabel';

export const VERIFIED_GROUP = 'Verified tokens';
export const UNVERIFIED_GROUP = 'Unverified tokens (added by users)';

/**
 * Picker options: verified tokens first, then the unverified ones apart, each group alphabetical by
 * the text it shows ('name - symbol'), ties by address so identical lookalikes keep a stable order.
 */
export function groupTokens<T extends Pick<TokenRecord, 'name' | 'symbol' | 'verified' | 'address'>>(
  tokens: readonly T[],
): T[] {
  return [...tokens].sort(
    (a, b) =>
      Number(b.verified) - Number(a.verified) ||
      tokenLabelText(a, 'name').localeCompare(tokenLabelText(b, 'name')) ||
      a.address.localeCompare(b.address),
  );
}

export function tokenGroup(token: Pick<TokenRecord, 'verified'>): string {
  return token.verified ? VERIFIED_GROUP : UNVERIFIED_GROUP;
}
