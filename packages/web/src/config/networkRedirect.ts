import { otherSite } from './otherSite';
import type { Variant } from './webConfigSchema';

const KOVAN_CHAIN_ID = 42;
const MAINNET_CHAIN_ID = 1;

/**
 * SPEC §4: a wallet on Kovan (42) visiting the main site goes to the Kovan site, a wallet on mainnet (1)
 * visiting the Kovan site goes to the main site. Generalised to the configured chain ids, so a wallet on
 * the other variant's chain is always sent to that variant's site. Undefined means stay.
 */
export function networkRedirect(
  variants: readonly Variant[],
  current: Variant,
  walletChainId: number | undefined,
  currentOrigin: string,
): string | undefined {
  if (walletChainId === undefined || walletChainId === current.chainId) return undefined;
  const other = otherSite(variants, current);
  if (!other) return undefined;
  const spec = current.key === 'main' ? KOVAN_CHAIN_ID : MAINNET_CHAIN_ID;
  if (walletChainId !== other.chainId && walletChainId !== spec) return undefined;
  // Never bounce back to the page we are on (a misconfigured siteUrl would loop forever).
  return sameOrigin(other.url, currentOrigin) ? undefined : other.url;
}

function sameOrigin(url: string, origin: string): boolean {
  try {
    return new URL(url).origin === new URL(origin).origin;
  } catch {
    return false;
  }
}
