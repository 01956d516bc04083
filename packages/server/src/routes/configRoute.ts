import { type NetworkInfo, networkInfoSchema } from '@relayer/protocol';
import type { FastifyPluginAsync } from 'fastify';
import { networkReadOptions } from './networkReadOptions.js';
import type { NetworkContext } from './RouteContext.js';

/** `GET {prefix}/config`: the addresses and fee policy a client needs to build orders for this network. */
export const configRoute: FastifyPluginAsync<NetworkContext> = async (app, { app: shared, network }) => {
  const info: NetworkInfo = {
    name: network.name,
    chainId: network.chainId,
    prefix: network.prefix,
    ...network.addresses,
    ...shared.config.fees,
  };
  app.get(
    '/config',
    networkReadOptions(shared, 'Contract addresses and fee policy', networkInfoSchema),
    async () => info,
  );
};
