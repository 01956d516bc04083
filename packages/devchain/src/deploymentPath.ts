import { fileURLToPath } from 'node:url';

/**
 * Where `start` writes the deployment for the other packages: `packages/devchain/.data/` (git-ignored),
 * one file per chain id so a live-testnet deployment never overwrites the local one.
 */
export function deploymentPath(chainId: number): string {
  return fileURLToPath(new URL(`../.data/deployment.${chainId}.json`, import.meta.url));
}
