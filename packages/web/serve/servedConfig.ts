import { type WebConfig, webConfigSchema } from '../src/config/webConfigSchema.ts';

/** One network the site serves, as given to the server (src/config/webConfigSchema.ts fills defaults). */
export interface ServedVariant {
  key: 'main' | 'kovan';
  name: string;
  hosts: string[];
  chainId: number;
  relayerUrl: string;
  rpcUrl: string;
  siteUrl: string;
  otherSiteUrl?: string;
  /** The network's block explorer (Etherscan layout); links only, so not in the CSP. */
  explorerUrl?: string;
}

export interface ServedConfig {
  variants: ServedVariant[];
  analytics?: { enabled: boolean; endpoint?: string };
  tickerUrl?: string;
  links?: { about: string; frontendSource: string; backendSource: string };
}

/**
 * The app's own schema, applied at start-up: a deployment mistake stops the server instead of every
 * browser, and the app receives the config with its defaults filled in.
 */
export function validateConfig(config: ServedConfig): WebConfig {
  const parsed = webConfigSchema.safeParse(config);
  if (!parsed.success) {
    throw new Error(
      `invalid web config: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'} ${i.message}`).join('; ')}`,
    );
  }
  return parsed.data;
}
