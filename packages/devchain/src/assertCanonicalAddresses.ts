import { networks } from '@relayer/protocol';
import type { CoreAddresses } from './Deployment.js';

const CORE_KEYS = ['exchange', 'tokenTransferProxy', 'zrx', 'weth', 'tokenRegistry'] as const;

/**
 * Throws unless the five core addresses equal network 50's (PROTOCOL.md §8.1). The server, the web
 * app and old v1 tools all take those addresses from the network table, so a silent mismatch would
 * show up much later as "order for another exchange" or empty token lists.
 */
export function assertCanonicalAddresses(actual: CoreAddresses): void {
  const expected = networks[50];
  const wrong = CORE_KEYS.filter((key) => actual[key].toLowerCase() !== expected[key].toLowerCase());
  if (wrong.length === 0) return;
  const lines = wrong.map((key) => `  ${key}: expected ${expected[key]}, got ${actual[key]}`);
  throw new Error(`the deployment does not match network 50 (PROTOCOL.md §8.1):\n${lines.join('\n')}`);
}
