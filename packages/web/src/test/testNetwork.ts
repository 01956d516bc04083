import { vi } from 'vitest';
import { createFakeRelayer } from './fakeRelayer';
import { mainVariant } from './testConfig';

type RelayerHandlers = Parameters<typeof createFakeRelayer>[0];

/**
 * The whole network at the fetch boundary: the relayer (W1's fake, per-test handlers) and, at the
 * variant's RPC URL, a JSON-RPC node answered by `rpc` (see createFakeChain). Installed as global fetch.
 */
export function installTestNetwork(
  handlers: RelayerHandlers = {},
  rpc?: (body: unknown) => Promise<unknown>,
) {
  const relayer = createFakeRelayer(handlers);
  const rpcOrigin = new URL(mainVariant.rpcUrl).origin;
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.origin !== rpcOrigin) return relayer.fetch(input, init);
    if (!rpc) throw new TypeError('fetch failed: no node in this test');
    const answer = await rpc(JSON.parse(String(init?.body)));
    return new Response(JSON.stringify(answer), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return relayer;
}
