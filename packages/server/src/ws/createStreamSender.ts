import type { WsStreamSnapshotReason } from '@relayer/protocol';
import type { FastifyBaseLogger } from 'fastify';
import { settleAnswer } from '../browse/settleAnswer.js';
import type { ClientOutput } from './createClientOutput.js';
import { WS_INTERNAL_ERROR_CODE } from './createSnapshotSender.js';
import type { StreamLog } from './createStreamLog.js';
import type { Turnstile } from './createTurnstile.js';
import { failure } from './parseClientMessage.js';
import { readerCaughtUp } from './readerCaughtUp.js';
import type { StreamPages } from './streamPages.js';
import type { WsSubscription } from './WsClient.js';
import type { WsLimits } from './wsLimits.js';

export interface StreamSenderOptions {
  network: string;
  log: FastifyBaseLogger;
  stream: StreamLog;
  pages: StreamPages;
  output: ClientOutput;
  limits: WsLimits;
  /** The network's snapshot build slots (shared with the `orderbook` snapshots). */
  builds: Turnstile;
  /** The snapshot could not be read: the subscription is forgotten (the client is told). */
  onFailure(sub: WsSubscription): void;
}

/**
 * What a `stream` subscription is sent before it goes live: a paged snapshot of the open book, or the
 * changes it missed since the position it resumes from, then the changes that came meanwhile, from the
 * stream's log. Each runs on its socket's snapshot chain, one page (or one low-water mark of changes)
 * at a time, and waits for the client to read before the next; a page takes a build slot.
 */
export function createStreamSender(options: StreamSenderOptions) {
  const { network, log, stream, pages, output, limits, builds, onFailure } = options;

  function position(sub: WsSubscription, type: string, epoch: string, sequence: number): string {
    return `{"type":"${type}","channel":"stream","requestId":${sub.requestId},"epoch":"${epoch}","sequence":${sequence}`;
  }

  /**
   * Sends the changes after `from`, up to the low-water mark at a time, until none is left: then the
   * subscription is live, in the same turn as its last change was sent, so none falls between. A
   * client whose position leaves the log meanwhile reads too slowly to follow the network: dropped.
   */
  async function catchUp(sub: WsSubscription, epoch: string, from: number): Promise<void> {
    const { client } = sub;
    let at = from;
    for (;;) {
      // A reset (resync) queued a new snapshot; this run's positions mean nothing any more.
      if (stream.epoch !== epoch || !sub.stream) return;
      while (at < stream.sequence && client.socket.bufferedAmount <= limits.lowWaterBytes) {
        const entry = stream.at(at + 1);
        if (!entry) {
          output.drop(client, 'fell further behind than the stream keeps');
          return;
        }
        output.send(client, stream.frame(entry, sub.requestId));
        at = entry.sequence;
      }
      if (at === stream.sequence) {
        sub.stream.live = true;
        return;
      }
      if (!(await readerCaughtUp(client, limits))) return;
    }
  }

  async function snapshot(sub: WsSubscription, reason: WsStreamSnapshotReason | undefined): Promise<void> {
    const { client } = sub;
    const epoch = stream.epoch;
    // Every change up to here is in the read model (it hears each before the hub does): the pages
    // hold at least these, and any later one they already show is sent again after them, harmlessly.
    const sequence = stream.sequence;
    const because = reason === undefined ? '' : `,"reason":"${reason}"`;
    let cursor: string | undefined;
    for (let page = 1; ; page++) {
      if (!(await readerCaughtUp(client, limits)) || stream.epoch !== epoch) return;
      const read = await builds.run(async () => {
        // Pages from memory need no I/O: without this, many snapshots would run as one microtask chain.
        await new Promise((resolve) => setImmediate(resolve));
        const found = await settleAnswer(pages(cursor, limits.streamPageOrders));
        // A reset meanwhile: this snapshot is of no epoch any more (the one it queued follows).
        if (stream.epoch !== epoch) return undefined;
        const head = `${position(sub, 'snapshot', epoch, sequence)},"payload":{"page":${page},"more":${found.next !== null}${because},"orders":`;
        const orders = typeof found.orders === 'string' ? Buffer.from(found.orders) : found.orders;
        output.send(client, Buffer.concat([Buffer.from(head), orders, CLOSE]));
        return found;
      });
      if (read === undefined) return;
      if (read.next === null) break;
      cursor = read.next;
    }
    await catchUp(sub, epoch, sequence);
  }

  /** Runs `work` after the socket's earlier snapshots; a read that fails drops the subscription. */
  function queue(sub: WsSubscription, work: () => Promise<void>): void {
    if (sub.stream) sub.stream.live = false;
    sub.client.snapshots = sub.client.snapshots.then(async () => {
      try {
        await work();
      } catch (error) {
        log.error({ err: error, network }, 'websocket: stream snapshot failed');
        onFailure(sub);
        const reason = 'Snapshot unavailable; subscribe again';
        output.sendJson(sub.client, failure(sub.requestId, WS_INTERNAL_ERROR_CODE, reason).error);
      }
    });
  }

  return {
    /** A fresh snapshot, then live; `reason` tells the client why it did not resume (when it asked to). */
    snapshot(sub: WsSubscription, reason?: WsStreamSnapshotReason): void {
      queue(sub, () => snapshot(sub, reason));
    },
    /**
     * The changes after `since` of epoch `epoch` when the log still holds them all (a `resumed`
     * message first), else a snapshot saying why.
     */
    resume(sub: WsSubscription, epoch: string, since: number): void {
      queue(sub, async () => {
        if (epoch !== stream.epoch) return snapshot(sub, 'otherEpoch');
        if (!stream.holdsAfter(since)) return snapshot(sub, 'tooFarBehind');
        output.send(sub.client, Buffer.from(`${position(sub, 'resumed', epoch, since)},"payload":{}}`));
        return catchUp(sub, epoch, since);
      });
    },
  };
}

const CLOSE = Buffer.from('}}');
