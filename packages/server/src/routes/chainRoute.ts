import { type ChainStatus, chainStatusSchema } from '@relayer/protocol';
import type { FastifyPluginAsync } from 'fastify';
import { networkReadOptions } from './networkReadOptions.js';
import type { NetworkContext } from './RouteContext.js';

/**
 * `GET {prefix}/chain`: the latest block the relayer has seen and the clock it judges expiry by (the
 * later of its own clock and that block's timestamp), so clients show "expires in" and "expired" by the
 * same clock. Answered from memory (the chain watcher and acceptance keep it current), never from the
 * node, so it keeps answering while the node is down.
 */
export const chainRoute: FastifyPluginAsync<NetworkContext> = async (app, context) => {
  const { app: shared, network, clock } = context;
  app.get(
    '/chain',
    networkReadOptions(shared, 'Latest block seen and the clock expiry is judged by', chainStatusSchema),
    async (): Promise<ChainStatus> => {
      const latest = clock.latest();
      return {
        chainId: network.chainId,
        blockNumber: latest ? Number(latest.number) : null,
        blockTimestampSec: latest ? Number(latest.timestamp) : null,
        serverTimeSec: Math.floor(shared.now() / 1000),
        nowSec: Math.floor(clock.now() / 1000),
        expiryMarginSec: shared.config.orders.expiryMarginSec,
        maxExpirySec: shared.config.orders.maxExpirySec,
      };
    },
  );
};
