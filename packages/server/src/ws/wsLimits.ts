/**
 * Limits of the WebSocket channel. They bound what one client can cost the server and are far above
 * what the web app or an SRA client needs, so they are constants rather than configuration; tests pass
 * smaller ones to the hub (docs/RELIABILITY.md, "Bounded costs for every request", lists them with the
 * tests that hold them).
 */
export const wsLimits = {
  /** Largest client message; a subscribe is ~250 bytes. Also the size to give @fastify/websocket's maxPayload. */
  maxMessageBytes: 16 * 1024,
  /** Subscriptions one socket may hold (v0 has no unsubscribe, so this is per connection lifetime). */
  maxSubscriptionsPerSocket: 100,
  /** Subscriptions the open sockets of one client address may hold together, per network. */
  maxSubscriptionsPerAddress: 100,
  /**
   * Of those, how many may ask for a snapshot: each reads up to 2 × 1000 orders, the one costly thing a
   * client can ask for. Again per connection lifetime, and summed over an address's open sockets.
   */
  maxSnapshotsPerSocket: 20,
  maxSnapshotsPerAddress: 40,
  /** Snapshots one network reads and serialises at once, over all its clients; the rest wait their turn. */
  concurrentSnapshots: 4,
  /** Open sockets per client address (IPv4, or IPv6 /64) per network (a browser tab uses one to three). */
  maxSocketsPerAddress: 100,
  /**
   * Output queued for a client, counting the frame about to be queued; a client that would go over it is
   * dropped rather than sent to. A larger frame (a snapshot of 2 × 1000 orders) is queued only when
   * nothing else is.
   */
  maxBufferedBytes: 1024 * 1024,
  /** A client whose queued output stays above this for `slowReaderMs` does not read: it is dropped. */
  lowWaterBytes: 64 * 1024,
  slowReaderMs: 10_000,
  /** How often a snapshot waiting for its client to read what it was sent looks again. */
  drainCheckMs: 50,
  /** Events held for one subscription while its snapshot is being read. */
  maxQueuedWhileSnapshotting: 10_000,
  /**
   * Server pings this often, and drops a socket that has not answered with a pong within
   * `pongTimeoutMs` (other frames do not count: a client that sends but never reads must not stay).
   */
  pingIntervalMs: 20_000,
  pongTimeoutMs: 10_000,
  /** Client frames per socket: a bucket of this many, refilled at `framesPerSecond`. */
  frameBurst: 50,
  framesPerSecond: 10,
  /** Frames refused (invalid, or over the rate) before the socket is closed with 1008. */
  maxStrikes: 20,
  /** Snapshot size when the subscribe gives no `limit` (bids and asks each). */
  defaultSnapshotLimit: 100,
  /**
   * Changes the `stream` channel keeps per network for clients that resume (about 1.5 KB each at most
   * once serialised); a client further behind gets a snapshot instead.
   */
  streamLogEvents: 10_000,
  /** Orders per page of a `stream` snapshot (a page stays far below `maxBufferedBytes`). */
  streamPageOrders: 200,
} as const;

export type WsLimits = { readonly [K in keyof typeof wsLimits]: number };
