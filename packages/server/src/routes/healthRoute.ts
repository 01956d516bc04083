import { hostname } from 'node:os';
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
  watcher?: Pick<ChainWatcher, 'status' | 'role'> | undefined;
  /** The network's circuit breaker: what is wrong with the node while it is not up. */
  node?: Pick<NodeGuard, 'status'>;
}

export interface HealthRouteOptions {
  db: Pick<Database, 'ping'>;
  networks: readonly HealthTarget[];
  /**
   * The in-memory open books (the read model): a network's book is readable when it resolves. Without
   * one every read needs the database.
   */
  book?: { book(network: string): Promise<unknown> } | undefined;
  /** The name this instance answers with (INSTANCE_NAME); unset: host name and process id. */
  instance?: string | undefined;
  /** How long a node or a book may take to answer before it counts as down. */
  timeoutMs?: number;
}

/** A watcher further behind the head than this makes the relayer `degraded`. */
export const MAX_HEALTHY_LAG_BLOCKS = 20;

/**
 * `GET /health`, the check a proxy uses to pick instances: 503 `down` only when this instance cannot
 * serve reads (a network's book not loaded and no database to load it; Fastify answers 503 itself once
 * the instance is shutting down). 200 `degraded` while it serves reads without every part: the database
 * down (writes answer 503 DATABASE_UNAVAILABLE, the book is read from memory), a node unreachable, a
 * watcher failing or lagging. Else 200 `ok`. A database outage thus leaves every instance in the
 * proxy's pool instead of dropping them all. It also says which instance answered and whether its
 * watcher leads each network; `chainError` says what is wrong with a node that is not `ok`.
 */
export const healthRoute: FastifyPluginAsync<HealthRouteOptions> = async (app, options) => {
  const timeoutMs = options.timeoutMs ?? 2000;
  const instance = options.instance ?? `${hostname()}:${process.pid}`;
  app.get(
    '/health',
    {
      schema: {
        tags: ['operations'],
        summary: 'Which instance answers, and its database, books, chains and watchers',
        response: { 200: toOpenApi(healthResponseSchema), 503: toOpenApi(healthResponseSchema) },
      },
    },
    async (_request, reply) => {
      // Bounded like the nodes: a database that does not answer must not hold the proxy's check.
      const database = withTimeout(options.db.ping(), timeoutMs).catch(() => false);
      const [databaseUp, ...networks] = await Promise.all([
        database,
        ...options.networks.map((target) =>
          networkHealth(target, { book: options.book, timeoutMs, database }),
        ),
      ]);
      const readable = networks.every((n) => n.health.book === 'ok');
      const degraded = !databaseUp || networks.some((n) => n.degraded);
      const body: HealthResponse = {
        status: !readable ? 'down' : degraded ? 'degraded' : 'ok',
        database: databaseUp ? 'ok' : 'down',
        instance,
        networks: networks.map((n) => n.health),
      };
      return reply.code(readable ? 200 : 503).send(body);
    },
  );
};

async function networkHealth(
  { network, reader, watcher, node }: HealthTarget,
  {
    book,
    timeoutMs,
    database,
  }: Pick<HealthRouteOptions, 'book'> & { timeoutMs: number; database: Promise<boolean> },
) {
  const [head, readable] = await Promise.all([
    withTimeout(reader.getBlockNumber(), timeoutMs).catch(() => null),
    book
      ? withTimeout(book.book(network.key), timeoutMs).then(
          () => true,
          () => false,
        )
      : database,
  ]);
  const nodeStatus = node?.status();
  const status = watcher?.status();
  const watcherBlock = status?.processedBlock ?? null;
  const headBlock = head === null ? null : Number(head);
  const lag = headBlock !== null && watcherBlock !== null ? Math.max(0, headBlock - watcherBlock) : null;
  // A watcher that will not lead (this release is older than the schema allows) needs the operator too.
  const watcherFailing =
    status !== undefined &&
    (!status.healthy || Boolean(status.refusal) || (lag !== null && lag > MAX_HEALTHY_LAG_BLOCKS));
  return {
    degraded: headBlock === null || watcherFailing,
    health: {
      name: network.name,
      prefix: network.prefix,
      chainId: network.chainId,
      watcher: watcher ? watcher.role() : ('disabled' as const),
      book: readable ? ('ok' as const) : ('unavailable' as const),
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
