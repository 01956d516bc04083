import { type NetworkInfo, networkInfoSchema } from '@relayer/protocol';
import type { FastifyPluginAsync } from 'fastify';
import type { NetworkContext } from './RouteContext.js';
import { rateLimits } from './rateLimits.js';
import { toOpenApi } from './toOpenApi.js';

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
    {
      config: rateLimits(shared.config.http).read,
      schema: {
        tags: ['network'],
        summary: 'Contract addresses and fee policy',
        response: { 200: toOpenApi(networkInfoSchema) },
      },
    },
    async () => info,
  );
};
