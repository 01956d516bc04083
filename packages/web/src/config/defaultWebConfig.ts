import { defaultLinks } from './defaultLinks';
import { localVariant } from './localVariant';
import type { WebConfig } from './webConfigSchema';

/** The local development stack (localVariant): what runs when the deployment ships no /config.json. */
export function defaultWebConfig(origin: string): WebConfig {
  return {
    variants: [localVariant(origin)],
    analytics: { enabled: true },
    links: defaultLinks,
  };
}
