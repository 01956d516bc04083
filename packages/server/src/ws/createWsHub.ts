import { sraGeneralCodes, type WsSubscribe } from '@relayer/protocol';
import type { FastifyBaseLogger } from 'fastify';
import { type RawData, WebSocket } from 'ws';
import type { NetworkConfig } from '../config.js';
import type { Queryable } from '../db/Database.js';
import type { AnnouncedEvent, TradeEvent } from '../events/BookEvents.js';
import { clientAddressKey } from '../ops/clientAddressKey.js';
import { queryOrderbook as defaultQueryOrderbook } from '../orders/queryOrderbook.js';
import type { TokenDirectory } from '../tokens/createTokenDirectory.js';
import { createCandleUpdates } from './createCandleUpdates.js';
import { createClientOutput, WS_POLICY_CLOSE_CODE } from './createClientOutput.js';
import { createEventFrames } from './createEventFrames.js';
import { createSnapshotSender } from './createSnapshotSender.js';
import { createStreamLog, type StreamEntry } from './createStreamLog.js';
import { createStreamSender } from './createStreamSender.js';
import { createTurnstile } from './createTurnstile.js';
import { FrameGate } from './FrameGate.js';
import { failure, parseClientMessage, type WsErrorMessage } from './parseClientMessage.js';
import { type StreamPages, sqlStreamPages } from './streamPages.js';
import { STREAM_KEY, subscriptionKeys } from './subscriptionKeys.js';
import { subscriptionRefusal } from './subscriptionRefusal.js';
import { tradeEventKeys, tradeMatches } from './tradeSubscription.js';
import type { AddressUsage, WsClient, WsSubscription } from './WsClient.js';
import { type WsLimits, wsLimits } from './wsLimits.js';

export interface WsHubOptions {
  db: Queryable;
  network: NetworkConfig;
  log: FastifyBaseLogger;
  queryOrderbook?: typeof defaultQueryOrderbook;
  /** Where the `candles` messages read decimals; without it no `candles` messages are sent. */
  tokens?: Pick<TokenDirectory, 'get'>;
  /** Where `stream` snapshots are read (the read model); without it, from the database. */
  streamPages?: StreamPages;
  /** Smaller limits or shorter deadlines for tests; the app always runs on `wsLimits`. */
  limits?: Partial<WsLimits>;
}

/**
 * The WebSocket clients of one network and their subscriptions, indexed by token pair so an event
 * only visits the subscriptions it concerns: orderbook subscriptions under `b:{base}:{quote}` (an
 * order is an ask of `b:{maker}:{taker}` and a bid of `b:{taker}:{maker}`), orders-channel ones under
 * `o:{maker|*}:{taker|*}`, trades-channel ones under their most selective filter (`tradeSubscriptionKey`),
 * stream-channel ones under `s`. Every order event is numbered in the network's stream log first,
 * whoever listens, so a client that reconnects can be sent what it missed.
 */
export function createWsHub(options: WsHubOptions) {
  const { db, network, log } = options;
  const limits: WsLimits = { ...wsLimits, ...options.limits };
  const queryOrderbook = options.queryOrderbook ?? defaultQueryOrderbook;
  const index = new Map<string, Set<WsSubscription>>();
  const clients = new Set<WsClient>();
  const addresses = new Map<string, AddressUsage>();

  const output = createClientOutput({ limits, log });
  const { send, sendJson, drop, closeForPolicy } = output;
  const sendError = (client: WsClient, error: WsErrorMessage) => sendJson(client, error);
  const candles = options.tokens
    ? createCandleUpdates({ db, network: network.key, tokens: options.tokens, sendJson, log })
    : undefined;

  function unindex(sub: WsSubscription): void {
    const set = index.get(sub.key);
    set?.delete(sub);
    if (set?.size === 0) index.delete(sub.key);
  }

  const builds = createTurnstile(limits.concurrentSnapshots);
  const { queueSnapshot } = createSnapshotSender({
    db,
    network,
    log,
    queryOrderbook,
    output,
    limits,
    builds,
    onFailure: unsubscribe,
  });
  const stream = createStreamLog(limits.streamLogEvents);
  const streams = createStreamSender({
    network: network.key,
    log,
    stream,
    pages: options.streamPages ?? sqlStreamPages(db, network.key),
    output,
    limits,
    builds,
    onFailure: unsubscribe,
  });

  function subscribe(client: WsClient, message: WsSubscribe): void {
    const { requestId } = message;
    const { key, identity } = subscriptionKeys(message);
    // A stream subscription may always end in a snapshot (a resume from too far back), so it counts as one.
    const wantsSnapshot =
      message.channel === 'stream' || (message.channel === 'orderbook' && message.payload.snapshot === true);
    const refused =
      streamRefusal(message) ?? subscriptionRefusal({ client, requestId, identity, wantsSnapshot, limits });
    if (refused) {
      sendError(client, failure(requestId, refused.code, refused.reason).error);
      return;
    }
    const sub: WsSubscription = {
      client,
      channel: message.channel,
      requestId,
      key,
      identity,
      queue: wantsSnapshot && message.channel === 'orderbook' ? [] : undefined,
      ...(message.channel === 'trades' ? { trades: message.payload } : {}),
      ...(message.channel === 'stream' ? { stream: { live: false } } : {}),
    };
    if (message.channel === 'orderbook') {
      const { baseTokenAddress, quoteTokenAddress, limit } = message.payload;
      sub.book = {
        base: baseTokenAddress,
        quote: quoteTokenAddress,
        limit: limit ?? limits.defaultSnapshotLimit,
      };
    }
    client.subscriptions.set(requestId, sub);
    client.identities.set(identity, requestId);
    client.address.subscriptions += 1;
    if (wantsSnapshot) {
      client.snapshotsTaken += 1;
      client.address.snapshots += 1;
    }
    const set = index.get(key) ?? new Set<WsSubscription>();
    index.set(key, set.add(sub));
    if (message.channel === 'stream') {
      const { epoch, since } = message.payload;
      if (epoch === undefined || since === undefined) streams.snapshot(sub);
      else streams.resume(sub, epoch, since);
    } else if (wantsSnapshot) queueSnapshot(sub);
  }

  /** A resume from a position this run of the stream has not reached: not one it gave out. */
  function streamRefusal(message: WsSubscribe): { code: number; reason: string } | undefined {
    if (message.channel !== 'stream') return undefined;
    const { epoch, since } = message.payload;
    if (epoch !== stream.epoch || since === undefined || since <= stream.sequence) return undefined;
    return {
      code: sraGeneralCodes.VALIDATION_FAILED,
      reason: `Validation failed: payload.since: is ahead of this stream (epoch ${epoch} is at ${stream.sequence})`,
    };
  }

  /** Forgets one subscription (its snapshot failed); the snapshot it took still counts. */
  function unsubscribe(sub: WsSubscription): void {
    unindex(sub);
    sub.client.subscriptions.delete(sub.requestId);
    sub.client.identities.delete(sub.identity);
    sub.client.address.subscriptions -= 1;
  }

  function dispatch(event: AnnouncedEvent): void {
    if (event.network !== network.key) return;
    if (event.type === 'tradeAdded' || event.type === 'tradeRemoved') {
      if (index.size > 0) dispatchTrade(event);
      return;
    }
    const entry = stream.append(event);
    // No subscription anywhere (every accepted order on a relayer nobody watches): nothing to build.
    if (index.size === 0) return;
    dispatchStream(entry);
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
        if (sub.channel === 'stream') continue;
        if (!sub.queue) {
          frames ??= createEventFrames(event);
          send(sub.client, frames(sub.channel, sub.requestId));
        } else if (sub.queue.length < limits.maxQueuedWhileSnapshotting) sub.queue.push(event);
        else sub.client.socket.terminate();
      }
    }
  }

  /** A change to the `stream` subscriptions that have caught up (the others read it from the log). */
  function dispatchStream(entry: StreamEntry): void {
    const subs = index.get(STREAM_KEY);
    if (!subs) return;
    const frames = new Map<number, Buffer>();
    for (const sub of subs) {
      if (!sub.stream?.live) continue;
      let frame = frames.get(sub.requestId);
      if (!frame) {
        frame = stream.frame(entry, sub.requestId);
        frames.set(sub.requestId, frame);
      }
      send(sub.client, frame);
    }
  }

  /** Trades go to `trades` subscriptions only (SRA clients on `orderbook` never see them). */
  function dispatchTrade(event: TradeEvent): void {
    const frames = createEventFrames(event);
    const reached: WsSubscription[] = [];
    for (const key of tradeEventKeys(event.trade)) {
      for (const sub of index.get(key) ?? []) {
        if (!sub.trades || !tradeMatches(sub.trades, event.trade)) continue;
        send(sub.client, frames('trades', sub.requestId));
        reached.push(sub);
      }
    }
    candles?.announce(event.trade, reached);
  }

  /**
   * Events may have been missed: every subscription gets a `resync`, and each `orderbook` one a fresh
   * snapshot right after it (events arriving meanwhile are held back until it is sent, as on subscribe).
   * The stream starts a new epoch, and each `stream` subscription gets a snapshot of it instead.
   */
  function resync(reason: string): void {
    stream.reset();
    for (const client of clients) {
      for (const sub of client.subscriptions.values()) {
        if (sub.channel === 'stream') {
          streams.snapshot(sub, 'resync');
          continue;
        }
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

  const throttledReason = `Throttled: at most ${limits.framesPerSecond} messages a second per connection (bursts of ${limits.frameBurst}); messages over it are dropped`;

  /** One client frame: the rate is checked before anything is parsed. */
  function receive(client: WsClient, data: RawData): void {
    if (client.socket.readyState !== WebSocket.OPEN) return;
    const verdict = client.gate.admit();
    if (verdict === 'close') closeForPolicy(client);
    else if (verdict === 'throttle')
      sendError(client, failure(null, sraGeneralCodes.THROTTLED, throttledReason).error);
    if (verdict !== 'accept') return;
    const parsed = parseClientMessage(data);
    if (parsed.ok) subscribe(client, parsed.message);
    else if (client.gate.strike()) closeForPolicy(client);
    else sendError(client, parsed.error);
  }

  function accept(socket: WebSocket, ip: string): void {
    const addressKey = clientAddressKey(ip);
    const address = addresses.get(addressKey) ?? { sockets: 0, subscriptions: 0, snapshots: 0 };
    if (address.sockets >= limits.maxSocketsPerAddress) {
      const reason = `Throttled: at most ${limits.maxSocketsPerAddress} connections per address`;
      socket.send(JSON.stringify(failure(null, sraGeneralCodes.THROTTLED, reason).error));
      socket.close(WS_POLICY_CLOSE_CODE, 'too many connections');
      return;
    }
    address.sockets += 1;
    addresses.set(addressKey, address);
    const client: WsClient = {
      socket,
      ip,
      address,
      snapshotsTaken: 0,
      pingedAt: undefined,
      slowSince: undefined,
      gate: new FrameGate({
        burst: limits.frameBurst,
        perSecond: limits.framesPerSecond,
        maxStrikes: limits.maxStrikes,
      }),
      subscriptions: new Map(),
      identities: new Map(),
      snapshots: Promise.resolve(),
    };
    clients.add(client);
    socket.on('message', (data: RawData) => {
      try {
        receive(client, data);
      } catch (error) {
        log.error({ err: error }, 'websocket: message handling failed');
      }
    });
    // Only a pong shows the client reads: any other frame could come from one that never does.
    socket.on('pong', () => {
      client.pingedAt = undefined;
    });
    socket.on('error', (error) => log.debug({ err: error, ip }, 'websocket: socket error'));
    socket.on('close', () => {
      clients.delete(client);
      for (const sub of client.subscriptions.values()) unindex(sub);
      address.subscriptions -= client.subscriptions.size;
      address.snapshots -= client.snapshotsTaken;
      address.sockets -= 1;
      client.subscriptions.clear();
      client.identities.clear();
      if (address.sockets === 0) addresses.delete(addressKey);
    });
  }

  /** Pings every socket that answered its last ping (one that did not is dropped by `checkReaders`). */
  function sweep(): void {
    const now = Date.now();
    for (const client of clients) {
      if (client.pingedAt !== undefined) continue;
      client.pingedAt = now;
      client.socket.ping();
    }
  }

  /**
   * Drops clients that did not answer a ping in time, and those whose queued output has stayed above
   * the low-water mark for the deadline (a client that reads nothing new is found too).
   */
  function checkReaders(): void {
    const now = Date.now();
    for (const client of clients) {
      if (client.pingedAt !== undefined && now - client.pingedAt >= limits.pongTimeoutMs) {
        drop(client, 'did not answer a ping');
        continue;
      }
      if (client.socket.bufferedAmount <= limits.lowWaterBytes) client.slowSince = undefined;
      else if (client.slowSince === undefined) client.slowSince = now;
      else if (now - client.slowSince >= limits.slowReaderMs) drop(client, 'has not read for too long');
    }
  }

  const pinger = setInterval(sweep, limits.pingIntervalMs);
  pinger.unref();
  const checkEveryMs = Math.min(limits.slowReaderMs, limits.pongTimeoutMs) / 4;
  const readerCheck = setInterval(checkReaders, Math.max(10, Math.min(1_000, checkEveryMs)));
  readerCheck.unref();

  return {
    accept,
    dispatch,
    resync,
    sweep,
    /** Open sockets, indexed subscriptions and addresses with a socket (tests, metrics). */
    stats: () => ({
      clients: clients.size,
      subscriptions: [...index.values()].reduce((n, s) => n + s.size, 0),
      addresses: addresses.size,
    }),
    close(): void {
      clearInterval(pinger);
      clearInterval(readerCheck);
      for (const client of clients) client.socket.terminate();
    },
  };
}

export type WsHub = ReturnType<typeof createWsHub>;
