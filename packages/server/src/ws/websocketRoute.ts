import type {} from '@fastify/websocket';
import { RelayerError } from '@relayer/protocol';
import type { FastifyPluginAsync } from 'fastify';
import { bookMarketRecords } from '../book/query/bookMarkets.js';
import type { ReadModel } from '../book/sync/createReadModel.js';
import type { NetworkConfig } from '../config.js';
import type { Queryable } from '../db/Database.js';
import { type BookEvent, type BookEvents, isAnnounced } from '../events/BookEvents.js';
import type { TokenDirectory } from '../tokens/createTokenDirectory.js';
import { createWsHub } from './createWsHub.js';
import { bookStreamPages } from './streamPages.js';

export interface WebsocketRouteOptions {
  db: Queryable;
  network: NetworkConfig;
  events: BookEvents;
  /** Where snapshots are read from when the app has the read model (else the database). */
  book?: ReadModel | undefined;
  /** Token decimals for the trades channel's `candles` messages. */
  tokens?: Pick<TokenDirectory, 'get'>;
}

/**
 * `GET {prefix}/v0/ws`: the SRA v0 orderbook channel (PROTOCOL.md §9.4) plus the relayer's `orders`,
 * `trades` and `stream` channels and `remove`/`state` messages (docs/API.md, "WebSocket"). Needs @fastify/websocket registered
 * on the root instance. One bus subscription and one ping timer per network, not per client.
 */
export const websocketRoute: FastifyPluginAsync<WebsocketRouteOptions> = async (
  app,
  { db, network, events, book, tokens },
) => {
  const hub = createWsHub({
    db,
    network,
    ...(tokens ? { tokens } : {}),
    log: app.log,
    ...(book
      ? {
          queryOrderbook: async (_db, key, base, quote, limit) =>
            bookMarketRecords(await book.book(key), base, quote, limit),
          streamPages: bookStreamPages(book, network.key),
        }
      : {}),
  });
  const unsubscribe = events.subscribe((event: BookEvent) => {
    if (!isAnnounced(event)) return;
    // The bus calls listeners synchronously inside publish(): a fan-out failure must not fail the publisher.
    try {
      hub.dispatch(event);
    } catch (error) {
      app.log.error({ err: error, network: network.key }, 'websocket: fan-out failed');
    }
  });
  const unsubscribeResync = events.onResync(() =>
    hub.resync('The relayer may have missed changes to the book; what you have may be stale'),
  );
  app.addHook('onClose', async () => {
    unsubscribe();
    unsubscribeResync();
    hub.close();
  });
  app.route({
    method: 'GET',
    url: '/v0/ws',
    // A plain GET (no Upgrade) gets the coded body every other refusal has, not an empty 404.
    handler: async () => {
      throw new RelayerError('NOT_FOUND', 'This is the WebSocket endpoint: connect with Upgrade: websocket');
    },
    wsHandler: (socket, request) => {
      // A client gone before the upgrade finished has no address left to count it under.
      const ip: string | undefined = request.ip;
      if (ip === undefined) socket.terminate();
      else hub.accept(socket, ip);
    },
  });
};
