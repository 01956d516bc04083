import { sraGeneralCodes, type WsSubscribe } from '@relayer/protocol';
import type { FastifyBaseLogger } from 'fastify';
import { type RawData, WebSocket } from 'ws';
import type { NetworkConfig } from '../config.js';
import type { Queryable } from '../db/Database.js';
import type { AnnouncedEvent, TradeEvent } from '../events/BookEvents.js';
import { clientAddressKey } from '../ops/clientAddressKey.js';
import { queryOrderbook as defaultQueryOrderbook } from '../orders/queryOrderbook.js';
import { toSraOrder } from '../orders/toSraOrder.js';
import { createEventFrames, type WsChannel } from './createEventFrames.js';
import { failure, parseClientMessage, type WsErrorMessage } from './parseClientMessage.js';
import { type TradeFilter, tradeEventKeys, tradeMatches, tradeSubscriptionKey } from './tradeSubscription.js';
import { wsLimits } from './wsLimits.js';

interface Client {
  socket: WebSocket;
  ip: string;
  /** What the per-address socket limit counts under (`clientAddressKey`: IPv4, or the IPv6 /64). */
  addressKey: string;
  /** Subscriptions that asked for a snapshot (each one reads up to 2 × its limit orders). */
  snapshotsTaken: number;
  /** Cleared by each ping, set by the pong (or any message); still clear at the next ping = dead. */
  alive: boolean;
  subscriptions: Map<number, Subscription>;
  /** Snapshots run one after another per socket, so one client cannot fan out many reads at once. */
  snapshots: Promise<void>;
}

interface Subscription {
  client: Client;
  channel: WsChannel;
  requestId: number;
  key: string;
  /** Events held back while the snapshot is read, so the snapshot always comes first. */
  queue: AnnouncedEvent[] | undefined;
  /** What an `orderbook` subscription's snapshot reads (again after a resync). */
  book?: { base: string; quote: string; limit: number };
  /** A `trades` subscription's filter. */
  trades?: TradeFilter;
}

export interface WsHubOptions {
  db: Queryable;
  network: NetworkConfig;
  log: FastifyBaseLogger;
  queryOrderbook?: typeof defaultQueryOrderbook;
  pingIntervalMs?: number;
}

/** Code for failures on our side (SRA v0 defines none); the client may subscribe again. */
export const WS_INTERNAL_ERROR_CODE = 500;

/**
 * The WebSocket clients of one network and their subscriptions, indexed by token pair so an event
 * only visits the subscriptions it concerns: orderbook subscriptions under `b:{base}:{quote}` (an
 * order is an ask of `b:{maker}:{taker}` and a bid of `b:{taker}:{maker}`), orders-channel ones under
 * `o:{maker|*}:{taker|*}`, trades-channel ones under their most selective filter (`tradeSubscriptionKey`).
 */
export function createWsHub(options: WsHubOptions) {
  const { db, network, log } = options;
  const queryOrderbook = options.queryOrderbook ?? defaultQueryOrderbook;
  const index = new Map<string, Set<Subscription>>();
  const clients = new Set<Client>();
  const socketsPerAddress = new Map<string, number>();

  function send(client: Client, frame: Buffer | string): void {
    const { socket } = client;
    if (socket.readyState !== WebSocket.OPEN) return;
    if (socket.bufferedAmount > wsLimits.maxBufferedBytes) {
      log.debug({ ip: client.ip }, 'websocket: dropping a client that does not read');
      socket.terminate();
      return;
    }
    socket.send(frame, { binary: false });
  }

  const sendJson = (client: Client, message: unknown) => send(client, JSON.stringify(message));
  const sendError = (client: Client, error: WsErrorMessage) => sendJson(client, error);

  function unindex(sub: Subscription): void {
    const set = index.get(sub.key);
    set?.delete(sub);
    if (set?.size === 0) index.delete(sub.key);
  }

  function subscribe(client: Client, message: WsSubscribe): void {
    const { requestId } = message;
    if (client.subscriptions.has(requestId)) {
      const reason = `Validation failed: requestId ${requestId} is already subscribed on this connection`;
      sendError(client, failure(requestId, sraGeneralCodes.VALIDATION_FAILED, reason).error);
      return;
    }
    if (client.subscriptions.size >= wsLimits.maxSubscriptionsPerSocket) {
      const reason = `Throttled: at most ${wsLimits.maxSubscriptionsPerSocket} subscriptions per connection`;
      sendError(client, failure(requestId, sraGeneralCodes.THROTTLED, reason).error);
      return;
    }
    const key =
      message.channel === 'orderbook'
        ? `b:${message.payload.baseTokenAddress}:${message.payload.quoteTokenAddress}`
        : message.channel === 'orders'
          ? `o:${message.payload.makerTokenAddress ?? '*'}:${message.payload.takerTokenAddress ?? '*'}`
          : tradeSubscriptionKey(message.payload);
    const wantsSnapshot = message.channel === 'orderbook' && message.payload.snapshot === true;
    if (wantsSnapshot && client.snapshotsTaken >= wsLimits.maxSnapshotsPerSocket) {
      const reason = `Throttled: at most ${wsLimits.maxSnapshotsPerSocket} snapshot subscriptions per connection`;
      sendError(client, failure(requestId, sraGeneralCodes.THROTTLED, reason).error);
      return;
    }
    if (wantsSnapshot) client.snapshotsTaken += 1;
    const sub: Subscription = {
      client,
      channel: message.channel,
      requestId,
      key,
      queue: wantsSnapshot ? [] : undefined,
      ...(message.channel === 'trades' ? { trades: message.payload } : {}),
    };
    if (message.channel === 'orderbook') {
      const { baseTokenAddress, quoteTokenAddress, limit } = message.payload;
      sub.book = {
        base: baseTokenAddress,
        quote: quoteTokenAddress,
        limit: limit ?? wsLimits.defaultSnapshotLimit,
      };
    }
    client.subscriptions.set(requestId, sub);
    const set = index.get(key) ?? new Set<Subscription>();
    index.set(key, set.add(sub));
    if (wantsSnapshot) queueSnapshot(sub);
  }

  function queueSnapshot(sub: Subscription): void {
    sub.queue ??= [];
    sub.client.snapshots = sub.client.snapshots.then(() => sendSnapshot(sub));
  }

  async function sendSnapshot(sub: Subscription): Promise<void> {
    const { client, requestId, book: subject } = sub;
    if (client.socket.readyState !== WebSocket.OPEN || !subject) return;
    // Held back from now until the snapshot is out (a resync's snapshot may follow events already sent).
    sub.queue ??= [];
    try {
      const book = await queryOrderbook(
        db,
        network.key,
        subject.base as `0x${string}`,
        subject.quote as `0x${string}`,
        subject.limit,
      );
      const payload = { bids: book.bids.map(toSraOrder), asks: book.asks.map(toSraOrder) };
      sendJson(client, { type: 'snapshot', channel: 'orderbook', requestId, payload });
      const inSnapshot = new Set([...book.bids, ...book.asks].map((order) => order.orderHash));
      const queued = sub.queue ?? [];
      sub.queue = undefined;
      for (const event of queued) {
        if (event.type === 'added' && inSnapshot.has(event.order.orderHash)) continue;
        send(client, createEventFrames(event)('orderbook', requestId));
      }
    } catch (error) {
      log.error({ err: error, network: network.key }, 'websocket: orderbook snapshot failed');
      unindex(sub);
      client.subscriptions.delete(requestId);
      const reason = 'Snapshot unavailable; subscribe again';
      sendError(client, failure(requestId, WS_INTERNAL_ERROR_CODE, reason).error);
    }
  }

  function dispatch(event: AnnouncedEvent): void {
    // No subscription anywhere (every accepted order on a relayer nobody watches): nothing to build.
    if (event.network !== network.key || index.size === 0) return;
    if (event.type === 'tradeAdded' || event.type === 'tradeRemoved') {
      dispatchTrade(event);
      return;
    }
    const [maker, taker] =
      event.type === 'added'
        ? [event.order.makerTokenAddress, event.order.takerTokenAddress]
        : [event.makerTokenAddress, event.takerTokenAddress];
    // Built on the first subscriber found: most orders' pairs have none.
    let frames: ReturnType<typeof createEventFrames> | undefined;
    const keys = [`b:${maker}:${taker}`, `o:${maker}:${taker}`, `o:${maker}:*`, `o:*:${taker}`, 'o:*:*'];
    if (maker !== taker) keys.push(`b:${taker}:${maker}`);
    for (const key of keys) {
      const subs = index.get(key);
      if (!subs) continue;
      for (const sub of subs) {
        if (!sub.queue) {
          frames ??= createEventFrames(event);
          send(sub.client, frames(sub.channel, sub.requestId));
        } else if (sub.queue.length < wsLimits.maxQueuedWhileSnapshotting) sub.queue.push(event);
        else sub.client.socket.terminate();
      }
    }
  }

  /** Trades go to `trades` subscriptions only (SRA clients on `orderbook` never see them). */
  function dispatchTrade(event: TradeEvent): void {
    const frames = createEventFrames(event);
    for (const key of tradeEventKeys(event.trade)) {
      for (const sub of index.get(key) ?? []) {
        if (sub.trades && tradeMatches(sub.trades, event.trade))
          send(sub.client, frames('trades', sub.requestId));
      }
    }
  }

  /**
   * Events may have been missed: every subscription gets a `resync`, and each `orderbook` one a fresh
   * snapshot right after it (events arriving meanwhile are held back until it is sent, as on subscribe).
   */
  function resync(reason: string): void {
    for (const client of clients) {
      for (const sub of client.subscriptions.values()) {
        sendJson(client, {
          type: 'resync',
          channel: sub.channel,
          requestId: sub.requestId,
          payload: { reason },
        });
        if (sub.channel === 'orderbook') queueSnapshot(sub);
      }
    }
  }

  function accept(socket: WebSocket, ip: string): void {
    const addressKey = clientAddressKey(ip);
    const open = socketsPerAddress.get(addressKey) ?? 0;
    if (open >= wsLimits.maxSocketsPerAddress) {
      const reason = `Throttled: at most ${wsLimits.maxSocketsPerAddress} connections per address`;
      socket.send(JSON.stringify(failure(null, sraGeneralCodes.THROTTLED, reason).error));
      socket.close(1008, 'too many connections');
      return;
    }
    socketsPerAddress.set(addressKey, open + 1);
    const client: Client = {
      socket,
      ip,
      addressKey,
      snapshotsTaken: 0,
      alive: true,
      subscriptions: new Map(),
      snapshots: Promise.resolve(),
    };
    clients.add(client);
    socket.on('message', (data: RawData) => {
      client.alive = true;
      try {
        const parsed = parseClientMessage(data);
        if (parsed.ok) subscribe(client, parsed.message);
        else sendError(client, parsed.error);
      } catch (error) {
        log.error({ err: error }, 'websocket: message handling failed');
      }
    });
    socket.on('pong', () => {
      client.alive = true;
    });
    socket.on('error', (error) => log.debug({ err: error, ip }, 'websocket: socket error'));
    socket.on('close', () => {
      clients.delete(client);
      for (const sub of client.subscriptions.values()) unindex(sub);
      client.subscriptions.clear();
      const left = (socketsPerAddress.get(addressKey) ?? 1) - 1;
      if (left > 0) socketsPerAddress.set(addressKey, left);
      else socketsPerAddress.delete(addressKey);
    });
  }

  /** Drops sockets that missed the previous ping and pings the rest. */
  function sweep(): void {
    for (const client of clients) {
      if (!client.alive) {
        client.socket.terminate();
        continue;
      }
      client.alive = false;
      client.socket.ping();
    }
  }

  const pinger = setInterval(sweep, options.pingIntervalMs ?? wsLimits.pingIntervalMs);
  pinger.unref();

  return {
    accept,
    dispatch,
    resync,
    sweep,
    /** Open sockets and indexed subscriptions (tests, metrics). */
    stats: () => ({
      clients: clients.size,
      subscriptions: [...index.values()].reduce((n, s) => n + s.size, 0),
    }),
    close(): void {
      clearInterval(pinger);
      for (const client of clients) client.socket.terminate();
    },
  };
}

export type WsHub = ReturnType<typeof createWsHub>;
