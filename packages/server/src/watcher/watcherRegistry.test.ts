import { tokenRegistryArtifact } from '@relayer/contracts';
import type { HealthResponse, TokenRecord } from '@relayer/protocol';
import type { Address, TransactionReceipt } from 'viem';
import { describe, expect, test } from 'vitest';
import { fastWatcher, waitFor } from '../../test/helpers/watcherHarness.js';
import { useWatcherTestKit } from '../../test/helpers/watcherTestKit.js';
import { buildApp } from '../buildApp.js';
import { testConfig } from '../config.js';

const kit = useWatcherTestKit();
const { h, makeOrder } = kit;

/** Account 0 deployed the TokenRegistry and owns it. */
const OWNER = 0;

describe('TokenRegistry changes reach the API', () => {
  test('a renamed, re-symbolled and then removed registry token is listed as such at once, and the book sorts by its new symbol', async () => {
    const app = await buildApp(testConfig({ networks: [h.network], watcher: fastWatcher }), {
      db: h.db,
      events: h.events,
      publicClients: { main: h.client },
    });
    try {
      await app.ready();
      const rep = h.token('REP').toLowerCase() as Address;
      const tokenList = async () => (await app.inject('/token')).json() as TokenRecord[];
      const listedRep = async () => (await tokenList()).find((t) => t.address === rep);
      await waitFor(async () => (await listedRep()) !== undefined);
      const posted = await app.inject({ method: 'POST', url: '/order/new', payload: await makeOrder() });
      expect(posted.statusCode, posted.body).toBe(201);
      expect(await listedRep()).toMatchObject({
        name: 'Augur Reputation Token',
        symbol: 'REP',
        verified: true,
      });

      const registry = { address: h.chain.deployment.tokenRegistry, abi: tokenRegistryArtifact.abi } as const;
      /** Sends a registry transaction and waits until the watcher has applied its block. */
      const apply = async (receipt: Promise<TransactionReceipt>) => {
        const block = Number((await receipt).blockNumber);
        await waitFor(async () => {
          const health = (await app.inject('/health')).json() as HealthResponse;
          return (health.networks[0]?.watcherBlock ?? 0) >= block;
        });
      };

      await apply(h.send(OWNER, { ...registry, functionName: 'setTokenName', args: [rep, 'Augur REPv2'] }));
      expect(await listedRep()).toMatchObject({ name: 'Augur REPv2', symbol: 'REP', verified: true });

      await apply(h.send(OWNER, { ...registry, functionName: 'setTokenSymbol', args: [rep, 'REPV2'] }));
      expect(await listedRep()).toMatchObject({ name: 'Augur REPv2', symbol: 'REPV2', verified: true });
      // The order book's denormalised symbols follow, and new orders take the new one.
      const again = await app.inject({ method: 'POST', url: '/order/new', payload: await makeOrder() });
      expect(again.statusCode, again.body).toBe(201);
      const symbols = await h.db.query<{ maker_token_symbol: string }>(
        'SELECT DISTINCT maker_token_symbol FROM orders WHERE maker_token = $1',
        [rep],
      );
      expect(symbols).toEqual([{ maker_token_symbol: 'REPV2' }]);

      const addresses = (await h.client.readContract({
        ...registry,
        functionName: 'getTokenAddresses',
      })) as Address[];
      const index = addresses.findIndex((a) => a.toLowerCase() === rep);
      await apply(h.send(OWNER, { ...registry, functionName: 'removeToken', args: [rep, BigInt(index)] }));
      // Removed from the registry: still listed (orders reference it) but no longer verified.
      expect(await listedRep()).toMatchObject({ name: 'Augur REPv2', symbol: 'REPV2', verified: false });
    } finally {
      await app.close();
    }
  });
});
