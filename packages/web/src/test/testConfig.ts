import { defaultLinks } from '../config/defaultLinks';
import type { Variant, WebConfig } from '../config/webConfigSchema';

export const mainVariant: Variant = {
  key: 'main',
  name: 'Mainnet',
  hosts: ['relayer.test'],
  chainId: 1,
  relayerUrl: 'https://api.relayer.test',
  rpcUrl: 'https://rpc.relayer.test',
  siteUrl: 'https://relayer.test',
};

export const kovanVariant: Variant = {
  key: 'kovan',
  name: 'Kovan',
  hosts: ['kovan.relayer.test'],
  chainId: 42,
  relayerUrl: 'https://api.relayer.test/kovan',
  rpcUrl: 'https://kovan-rpc.relayer.test',
  siteUrl: 'https://kovan.relayer.test',
};

export const testVariants: Variant[] = [mainVariant, kovanVariant];

export function testWebConfig(overrides: Partial<WebConfig> = {}): WebConfig {
  return {
    variants: testVariants,
    analytics: { enabled: false },
    links: defaultLinks,
    ...overrides,
  };
}
