import { RelayerError } from '@relayer/protocol';
import type { FastifyPluginAsync } from 'fastify';
import { parseOrRefuse } from '../orders/parseOrRefuse.js';
import { registerWebhook, type WebhookContext } from '../webhooks/registerWebhook.js';
import type { ResolveHost } from '../webhooks/resolveCheckedAddress.js';
import { unregisterWebhook } from '../webhooks/unregisterWebhook.js';
import { webhookRegistrationSchema, webhookRemovalSchema } from '../webhooks/webhookRequestSchemas.js';
import type { NetworkContext } from './RouteContext.js';
import { rateLimits } from './rateLimits.js';
import { errorBody, toOpenApi } from './toOpenApi.js';

const REGISTERED = {
  description: 'The webhook as stored, with its `secret` (shown this once)',
  type: 'object',
} as const;
const REMOVED = { description: '`{ "removed": true }`', type: 'object' } as const;

export type WebhookRoutesOptions = NetworkContext & {
  /** How webhook host names are resolved (the system's resolver unless a test gives its own). */
  resolveHost?: ResolveHost;
};

/** A maker's webhook: registered and removed by messages signed with the maker's key (docs/API.md). */
export const webhookRoutes: FastifyPluginAsync<WebhookRoutesOptions> = async (app, options) => {
  const { app: shared, network, resolveHost } = options;
  const { webhooks } = shared.config;
  const limits = rateLimits(shared.config.http);
  const context = (): WebhookContext => ({
    db: shared.db,
    network: network.key,
    chainId: network.chainId,
    relayerName: webhooks.relayerName,
    policy: webhooks,
    ...(resolveHost ? { resolve: resolveHost } : {}),
    nowMs: shared.now(),
  });

  app.post(
    '/webhooks',
    {
      config: limits.write,
      schema: {
        tags: ['webhooks'],
        summary: "Register (or replace) the maker's webhook; answers its HMAC secret, this once",
        body: toOpenApi(webhookRegistrationSchema, 'input'),
        response: { 201: REGISTERED, 400: errorBody, 403: errorBody },
      },
    },
    async (request, reply) => {
      const registration = parseOrRefuse(webhookRegistrationSchema, request.body);
      const registered = await registerWebhook(context(), registration);
      return reply
        .code(201)
        .header('cache-control', 'no-store')
        .send({ ...registered, network: network.key, chainId: network.chainId });
    },
  );

  app.delete(
    '/webhooks',
    {
      config: limits.write,
      schema: {
        tags: ['webhooks'],
        summary: "Remove the maker's webhook and its undelivered events",
        body: toOpenApi(webhookRemovalSchema, 'input'),
        response: { 200: REMOVED, 400: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const removal = parseOrRefuse(webhookRemovalSchema, request.body);
      if (!(await unregisterWebhook(context(), removal)))
        throw new RelayerError('NOT_FOUND', 'This maker has no webhook on this network');
      return { removed: true };
    },
  );
};
