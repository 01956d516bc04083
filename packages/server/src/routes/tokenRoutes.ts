import { RelayerError, tokenListResponseSchema, tokenRecordSchema, tokenSchema } from '@relayer/protocol';
import type { FastifyPluginAsync } from 'fastify';
import { buildRelayerTokenList } from '../tokens/lists/buildRelayerTokenList.js';
import { submitToken } from '../tokens/submitToken.js';
import type { NetworkContext } from './RouteContext.js';
import { rateLimits } from './rateLimits.js';
import { errorBody, toOpenApi } from './toOpenApi.js';

/** The token list re-reads the registry in the background when the last sync is older than this. */
const REGISTRY_REFRESH_MS = 5 * 60_000;

export const tokenRoutes: FastifyPluginAsync<NetworkContext> = async (app, context) => {
  const { app: shared, network, reader } = context;
  const limits = rateLimits(shared.config.http);
  let lastRefresh = shared.now();

  app.get(
    '/token',
    {
      config: limits.read,
      schema: {
        tags: ['tokens'],
        summary: 'Every token of this network, sorted by name; verified = listed in the TokenRegistry',
        response: { 200: toOpenApi(tokenListResponseSchema) },
      },
    },
    async () => {
      if (shared.now() - lastRefresh > REGISTRY_REFRESH_MS) {
        lastRefresh = shared.now();
        void context.registrySync.syncIfStale();
      }
      return shared.tokens.list(network.key);
    },
  );

  app.get(
    '/tokenlist.json',
    {
      config: limits.read,
      schema: {
        tags: ['tokens'],
        summary: "This network's verified tokens as a token list (Uniswap token-lists format) for wallets",
        response: { 404: errorBody },
      },
    },
    async (_request, reply) => {
      const list = buildRelayerTokenList({
        networkName: network.name,
        chainId: network.chainId,
        tokens: await shared.tokens.list(network.key),
        timestamp: new Date(shared.now()).toISOString(),
      });
      if (!list) throw new RelayerError('NOT_FOUND', 'This relayer lists no verified tokens yet');
      return reply.header('cache-control', 'public, max-age=60').send(list);
    },
  );

  app.post(
    '/token/new',
    {
      config: limits.write,
      schema: {
        tags: ['tokens'],
        summary: 'Add an ERC20 token by address; name, symbol and decimals must match the contract',
        body: toOpenApi(tokenSchema, 'input'),
        response: { 201: toOpenApi(tokenRecordSchema), 400: errorBody, 503: errorBody },
      },
    },
    async (request, reply) => {
      try {
        const token = await submitToken(
          {
            db: shared.db,
            network: network.key,
            tokens: shared.tokens,
            readTokenMetadata: reader.readTokenMetadata,
          },
          request.body,
        );
        shared.metrics.tokensAdded.inc({ network: network.key });
        return reply.code(201).send(token);
      } catch (error) {
        if (error instanceof RelayerError) {
          shared.metrics.tokensRefused.inc({ network: network.key, code: error.code });
        }
        throw error;
      }
    },
  );
};
