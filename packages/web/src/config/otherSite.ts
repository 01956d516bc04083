import type { Variant } from './webConfigSchema';

export interface OtherSite {
  /** 'Kovan' from the main site, 'Mainnet' from the test site. */
  label: string;
  url: string;
  chainId?: number;
}

/** The site of the other network, if the deployment has one (drawer switch and redirects use it). */
export function otherSite(variants: readonly Variant[], current: Variant): OtherSite | undefined {
  const label = current.key === 'main' ? 'Kovan' : 'Mainnet';
  const other = variants.find((variant) => variant.key !== current.key);
  if (other) return { label, url: other.siteUrl, chainId: other.chainId };
  if (current.otherSiteUrl)
    return { label, url: current.otherSiteUrl, chainId: current.key === 'main' ? 42 : 1 };
  return undefined;
}
