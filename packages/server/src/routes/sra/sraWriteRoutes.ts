import {
  type FeesResponse,
  feesRequestSchema,
  feesResponseSchema,
  signedOrderSchema,
} from '@relayer/protocol';
import type { FastifyPluginAsync } from 'fastify';
import { parseOrRefuse } from '../../orders/parseOrRefuse.js';
import { submitOrder } from '../../orders/submitOrder.js';
import type { NetworkContext } from '../RouteContext.js';
import { rateLimits } from '../rateLimits.js';
import { submitContext } from '../submitContext.js';
import { errorBody, toOpenApi } from '../toOpenApi.js';

/** SRA v0 writes: the fee quote and order submission (PROTOCOL.md §9.2). */
export const sraWriteRoutes: FastifyPluginAsync<NetworkContext> = async (app, context) => {
  const { app: shared } = context;
  const limits = rateLimits(shared.config.http);

  app.post(
    '/fees',
    {
      schema: {
        tags: ['SRA v0'],
        summary: 'The fee recipient and fees an order must carry here',
        body: toOpenApi(feesRequestSchema, 'input'),
        response: { 200: toOpenApi(feesResponseSchema), 400: errorBody },
      },
    },
    async (request) => {
      parseOrRefuse(feesRequestSchema, request.body);
      const fees: FeesResponse = await shared.fees.current();
      return fees;
    },
  );

  app.post(
    '/order',
    {
      config: limits.write,
      schema: {
        tags: ['SRA v0'],
        summary: 'Submit a signed order: 201 when stored, 200 when the same order is already open; no body',
        body: toOpenApi(signedOrderSchema, 'input'),
        response: {
          200: { description: 'Already open', type: 'null' },
          201: { description: 'Stored', type: 'null' },
          400: errorBody,
          429: errorBody,
          503: errorBody,
        },
      },
    },
    async (request, reply) => {
      const result = await submitOrder(submitContext(context), request.body);
      return reply.code(result.status === 'created' ? 201 : 200).send();
    },
  );
};
