import { type NetworkInfo, networkInfoSchema } from '@relayer/protocol';
import type { FastifyPluginAsync } from 'fastify';
import { networkReadOptions } from './networkReadOptions.js';
import type { NetworkContext } from './RouteContext.js';

/**
 * `GET {prefix}/config`: the addresses and fee policy a client needs to build orders for this network;
 * the policy as in force now (an operator may change it while the relayer runs).
 */
export const configRoute: FastifyPluginAsync<NetworkContext> = async (app, { app: shared, network }) => {
  const info = {
    name: network.name,
    chainId: network.chainId,
    prefix: network.prefix,
    ...network.addresses,
  };
  app.get(
    '/config',
    networkReadOptions(shared, 'Contract addresses and fee policy', networkInfoSchema),
    async (): Promise<NetworkInfo> => ({ ...info, ...(await shared.fees.current()) }),
  );
};
