import type { Variant } from './webConfigSchema';

/**
 * The variant whose `hosts` list the page's host name; otherwise the main variant (or the first one),
 * so an unlisted host such as a preview deployment still works.
 */
export function selectVariant(variants: readonly Variant[], hostname: string): Variant {
  const host = hostname.toLowerCase();
  const listed = variants.find((variant) => variant.hosts.some((h) => h.toLowerCase() === host));
  const fallback = variants.find((variant) => variant.key === 'main') ?? variants[0];
  const chosen = listed ?? fallback;
  if (!chosen) throw new Error('The web config lists no variants');
  return chosen;
}
