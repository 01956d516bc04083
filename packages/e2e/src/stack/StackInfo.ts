import type { Deployment } from '@relayer/devchain';

export type VariantKey = 'main' | 'kovan';

export interface ChainInfo {
  chainId: number;
  rpcUrl: string;
  deployment: Deployment;
}

/** What the global setup started, passed to the test workers in `E2E_STACK` (JSON). */
export interface StackInfo {
  /** The web app per variant: http://localhost:PORT and http://kovan.localhost:PORT. */
  siteUrl: Record<VariantKey, string>;
  /** The relayer's base URL per variant ('/kovan' prefix for the test variant). */
  relayerUrl: Record<VariantKey, string>;
  chains: Record<VariantKey, ChainInfo>;
  /** POST /reset: chains back to their seeded snapshot, the relayer on an empty order book. */
  controlUrl: string;
}

export const STACK_ENV = 'E2E_STACK';

export function readStackInfo(): StackInfo {
  const raw = process.env[STACK_ENV];
  if (!raw) throw new Error(`${STACK_ENV} is not set: run the tests with playwright test (global setup)`);
  return JSON.parse(raw) as StackInfo;
}
