import { type HealthResponse, healthResponseSchema } from '@relayer/protocol';
import type { FastifyPluginAsync } from 'fastify';
import type { ChainReader } from '../chain/createChainReader.js';
import type { NodeGuard } from '../chain/createNodeGuard.js';
import type { NetworkConfig } from '../config.js';
import type { Database } from '../db/Database.js';
import type { ChainWatcher } from '../watcher/createChainWatcher.js';
import { toOpenApi } from './toOpenApi.js';

export interface HealthTarget {
  network: NetworkConfig;
  reader: Pick<ChainReader, 'getBlockNumber'>;
  watcher?: Pick<ChainWatcher, 'status'> | undefined;
  /** The network's circuit breaker: what is wrong with the node while it is not up. */
  node?: Pick<NodeGuard, 'status'>;
}

export interface HealthRouteOptions {
  db: Pick<Database, 'ping'>;
  networks: readonly HealthTarget[];
  /** How long a node may take to answer before it counts as down. */
  timeoutMs?: number;
}

/** A watcher further behind the head than this makes the relayer `degraded`. */
export const MAX_HEALTHY_LAG_BLOCKS = 20;

/**
 * `GET /health`: 503 `down` when the database does not answer (nothing works without it); 200
 * `degraded` when a network's node is unreachable or its watcher is failing or lagging; else 200 `ok`.
 * `chainError` says what is wrong with a node that is not `ok` (down since when, or serving another chain).
 */
export const healthRoute: FastifyPluginAsync<HealthRouteOptions> = async (app, options) => {
  const timeoutMs = options.timeoutMs ?? 2000;
  app.get(
    '/health',
    {
      schema: {
        tags: ['operations'],
        summary: 'Database, chain and watcher health',
        response: { 200: toOpenApi(healthResponseSchema), 503: toOpenApi(healthResponseSchema) },
      },
    },
    async (_request, reply) => {
      const [databaseUp, ...networks] = await Promise.all([
        options.db.ping(),
        ...options.networks.map((target) => networkHealth(target, timeoutMs)),
      ]);
      const degraded = networks.some((n) => n.degraded);
      const body: HealthResponse = {
        status: !databaseUp ? 'down' : degraded ? 'degraded' : 'ok',
        database: databaseUp ? 'ok' : 'down',
        networks: networks.map((n) => n.health),
      };
      return reply.code(databaseUp ? 200 : 503).send(body);
    },
  );
};

async function networkHealth({ network, reader, watcher, node }: HealthTarget, timeoutMs: number) {
  const head = await withTimeout(reader.getBlockNumber(), timeoutMs).catch(() => null);
  const nodeStatus = node?.status();
  const status = watcher?.status();
  const watcherBlock = status?.processedBlock ?? null;
  const headBlock = head === null ? null : Number(head);
  const lag = headBlock !== null && watcherBlock !== null ? Math.max(0, headBlock - watcherBlock) : null;
  const watcherFailing =
    status !== undefined && (!status.healthy || (lag !== null && lag > MAX_HEALTHY_LAG_BLOCKS));
  return {
    degraded: headBlock === null || watcherFailing,
    health: {
      name: network.name,
      prefix: network.prefix,
      chainId: network.chainId,
      chain: headBlock === null ? ('down' as const) : ('ok' as const),
      headBlock,
      watcherBlock,
      watcherLagBlocks: lag,
      chainError:
        nodeStatus && nodeStatus.state !== 'up'
          ? `${nodeStatus.problem ?? 'down'} (since ${new Date(nodeStatus.since ?? Date.now()).toISOString()})`
          : headBlock === null
            ? `the node did not answer within ${timeoutMs} ms`
            : null,
    },
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
