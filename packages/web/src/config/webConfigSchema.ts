// zod/mini: the config is parsed before first paint, so its validator stays out of the way of the budget.
import * as z from 'zod/mini';
import { defaultLinks } from './defaultLinks';

const urlSchema = z.url({ protocol: /^https?$/ });

export const variantSchema = z.object({
  key: z.enum(['main', 'kovan']),
  /** Network name shown on the toolbar button and used for the wallet's chain. */
  name: z.string().check(z.minLength(1)),
  /** Host names (no port) that serve this variant. */
  hosts: z._default(z.array(z.string().check(z.minLength(1))), []),
  chainId: z.int().check(z.positive()),
  /** Relayer base URL including the network prefix ('/kovan' for the test variant). */
  relayerUrl: urlSchema,
  rpcUrl: urlSchema,
  /** Where this variant is served; the other variant redirects here. */
  siteUrl: urlSchema,
  /** The other network's site when it is not listed in `variants`. */
  otherSiteUrl: z.optional(urlSchema),
  /** The network's block explorer (Etherscan layout: /token/, /address/, /tx/); none on a local chain. */
  explorerUrl: z.optional(urlSchema),
});
export type Variant = z.infer<typeof variantSchema>;

export const linksSchema = z.object({
  about: urlSchema,
  frontendSource: urlSchema,
  backendSource: urlSchema,
});
export type Links = z.infer<typeof linksSchema>;

export const webConfigSchema = z.object({
  variants: z.array(variantSchema).check(
    z.minLength(1),
    z.refine((variants) => new Set(variants.map((v) => v.key)).size === variants.length, {
      message: 'each variant key may appear once',
    }),
  ),
  analytics: z._default(
    z.object({ enabled: z._default(z.boolean(), true), endpoint: z.optional(urlSchema) }),
    {
      enabled: true,
    },
  ),
  /** A ticker in the SPEC §7 format (`[{symbol, price_usd}]`, paged by start/limit); else the relayer's /rates. */
  tickerUrl: z.optional(urlSchema),
  links: z._default(linksSchema, defaultLinks),
});
export type WebConfig = z.infer<typeof webConfigSchema>;
