import { z } from 'zod';

const urlSchema = z.url({ protocol: /^https?$/ });

export const variantSchema = z.object({
  key: z.enum(['main', 'kovan']),
  /** Network name shown on the toolbar button and used for the wallet's chain. */
  name: z.string().min(1),
  /** Host names (no port) that serve this variant. */
  hosts: z.array(z.string().min(1)).default([]),
  chainId: z.number().int().positive(),
  /** Relayer base URL including the network prefix ('/kovan' for the test variant). */
  relayerUrl: urlSchema,
  rpcUrl: urlSchema,
  /** Where this variant is served; the other variant redirects here. */
  siteUrl: urlSchema,
  /** The other network's site when it is not listed in `variants`. */
  otherSiteUrl: urlSchema.optional(),
});
export type Variant = z.infer<typeof variantSchema>;

export const linksSchema = z.object({
  about: urlSchema,
  frontendSource: urlSchema,
  backendSource: urlSchema,
});
export type Links = z.infer<typeof linksSchema>;

export const defaultLinks: Links = {
  about: 'https://github.com/relayer/relayer#readme',
  frontendSource: 'https://github.com/relayer/relayer/tree/main/packages/web',
  backendSource: 'https://github.com/relayer/relayer/tree/main/packages/server',
};

export const webConfigSchema = z.object({
  variants: z
    .array(variantSchema)
    .min(1)
    .refine((variants) => new Set(variants.map((v) => v.key)).size === variants.length, {
      message: 'each variant key may appear once',
    }),
  analytics: z
    .object({ enabled: z.boolean().default(true), endpoint: urlSchema.optional() })
    .default({ enabled: true }),
  /** A ticker in the SPEC §7 format (`[{symbol, price_usd}]`, paged by start/limit); else the relayer's /rates. */
  tickerUrl: urlSchema.optional(),
  links: linksSchema.default(defaultLinks),
});
export type WebConfig = z.infer<typeof webConfigSchema>;
