import { type CreateSignedOrderOptions, createSignedOrder } from '@relayer/devchain';
import { TOKEN_A, TOKEN_B } from './fakeAddresses.js';
import { MAIN } from './offlineApp.js';

/** What a test may change: the terms, never the signer (a fixed key). */
type Overrides = Partial<Omit<CreateSignedOrderOptions, 'makerPrivateKey' | 'account' | 'deployment'>>;

/**
 * A signed order for the offline apps' main network: one whole TOKEN_A for one whole TOKEN_B from a
 * fixed test key, unless the overrides say otherwise.
 */
export function signedMainOrder(overrides: Overrides = {}) {
  return createSignedOrder({
    deployment: { exchange: MAIN.addresses.exchange },
    makerPrivateKey: `0x${'1'.repeat(64)}`,
    makerToken: TOKEN_A,
    takerToken: TOKEN_B,
    makerAmount: 10n ** 18n,
    takerAmount: 10n ** 18n,
    ...overrides,
  });
}
