import type { FastifyBaseLogger } from 'fastify';
import { WebSocket } from 'ws';
import type { NetworkConfig } from '../config.js';
import type { Queryable } from '../db/Database.js';
import type { queryOrderbook as defaultQueryOrderbook } from '../orders/queryOrderbook.js';
import type { ClientOutput } from './createClientOutput.js';
import { createEventFrames } from './createEventFrames.js';
import type { Turnstile } from './createTurnstile.js';
import { failure } from './parseClientMessage.js';
import { readerCaughtUp } from './readerCaughtUp.js';
import { snapshotFrame } from './snapshotFrame.js';
import type { WsSubscription } from './WsClient.js';
import type { WsLimits } from './wsLimits.js';

/** Code for failures on our side (SRA v0 defines none); the client may subscribe again. */
export const WS_INTERNAL_ERROR_CODE = 500;

export interface SnapshotSenderOptions {
  db: Queryable;
  network: NetworkConfig;
  log: FastifyBaseLogger;
  queryOrderbook: typeof defaultQueryOrderbook;
  output: ClientOutput;
  limits: WsLimits;
  /** The network's build slots, shared with the `stream` snapshots. */
  builds: Turnstile;
  /** The snapshot could not be read: the subscription is forgotten (the client is told). */
  onFailure(sub: WsSubscription): void;
}

/**
 * Orderbook snapshots: one after another per socket, a few at a time per network, each only once its
 * client has read what it was sent before; events that arrive meanwhile follow the snapshot.
 */
export function createSnapshotSender(options: SnapshotSenderOptions) {
  const { db, network, log, queryOrderbook, output, limits, builds, onFailure } = options;

  async function sendSnapshot(sub: WsSubscription): Promise<void> {
    const { client, requestId, book: subject } = sub;
    if (client.socket.readyState !== WebSocket.OPEN || !subject) return;
    // Held back from now until the snapshot is out (a resync's snapshot may follow events already sent).
    sub.queue ??= [];
    try {
      // Not built until the client has read what it was sent before (one that never does is dropped
      // by the reader check), so a client holds at most one snapshot in memory at a time.
      if (!(await readerCaughtUp(client, limits))) return;
      const book = await builds.run(async () => {
        // The read model answers without I/O: without this, thousands of snapshots would run as one
        // chain of microtasks, holding off every request, timer and collection until they are all out.
        await new Promise((resolve) => setImmediate(resolve));
        const read = await queryOrderbook(
          db,
          network.key,
          subject.base as `0x${string}`,
          subject.quote as `0x${string}`,
          subject.limit,
        );
        output.send(client, snapshotFrame(requestId, read));
        return read;
      });
      const inSnapshot = new Set([...book.bids, ...book.asks].map((order) => order.orderHash));
      const queued = sub.queue ?? [];
      sub.queue = undefined;
      for (const event of queued) {
        if (event.type === 'added' && inSnapshot.has(event.order.orderHash)) continue;
        output.send(client, createEventFrames(event)('orderbook', requestId));
      }
    } catch (error) {
      log.error({ err: error, network: network.key }, 'websocket: orderbook snapshot failed');
      onFailure(sub);
      const reason = 'Snapshot unavailable; subscribe again';
      output.sendJson(client, failure(requestId, WS_INTERNAL_ERROR_CODE, reason).error);
    }
  }

  return {
    queueSnapshot(sub: WsSubscription): void {
      sub.queue ??= [];
      sub.client.snapshots = sub.client.snapshots.then(() => sendSnapshot(sub));
    },
  };
}
