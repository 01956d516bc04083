import { defaultLinks } from './defaultLinks';
import type { WebConfig } from './webConfigSchema';

/**
 * The local development stack (anvil chain 50 on :8545, relayer on :3000): what runs when the deployment
 * ships no /config.json.
 */
export function defaultWebConfig(origin: string): WebConfig {
  return {
    variants: [
      {
        key: 'main',
        name: 'Local',
        hosts: ['localhost', '127.0.0.1'],
        chainId: 50,
        relayerUrl: 'http://127.0.0.1:3000',
        rpcUrl: 'http://127.0.0.1:8545',
        siteUrl: origin,
      },
    ],
    analytics: { enabled: true },
    links: defaultLinks,
  };
}
