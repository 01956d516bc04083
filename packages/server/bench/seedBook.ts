import type { DevChain } from '@relayer/devchain';
import { waitForTokens } from './benchConfig.js';
import type { BenchServer } from './startBenchServer.js';

/**
 * Seeds `size` open orders over the chain's tokens once the server lists them (its registry import
 * runs when it is ready). Returns the tokens and what the seed wrote.
 */
export async function seedBook(server: BenchServer, chain: DevChain, size: number) {
  const tokens = chain.deployment.tokens.map((t) => ({ address: t.address.toLowerCase(), symbol: t.symbol }));
  await waitForTokens(
    server.url,
    tokens.map((t) => t.address),
  );
  return { tokens, seeded: await server.seed(size, tokens) };
}
