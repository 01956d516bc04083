/**
 * Fixed limits of the WebSocket channel. They bound what one client can cost the server and are far
 * above what the web app or an SRA client needs, so they are constants rather than configuration
 * (docs/RELIABILITY.md, "Bounded costs for every request", lists them with the tests that hold them).
 */
export const wsLimits = {
  /** Largest client message; a subscribe is ~250 bytes. Also the size to give @fastify/websocket's maxPayload. */
  maxMessageBytes: 16 * 1024,
  /** Subscriptions one socket may hold (v0 has no unsubscribe, so this is per connection lifetime). */
  maxSubscriptionsPerSocket: 100,
  /**
   * Of those, how many may ask for a snapshot: each reads up to 2 × 1000 orders from the database, the
   * one costly thing a client can ask for. Again per connection lifetime.
   */
  maxSnapshotsPerSocket: 20,
  /** Open sockets per client address (IPv4, or IPv6 /64) per network (a browser tab uses one). */
  maxSocketsPerAddress: 100,
  /** A client that has not read this much queued output is too slow to keep; it is dropped. */
  maxBufferedBytes: 4 * 1024 * 1024,
  /** Events held for one subscription while its snapshot is being read. */
  maxQueuedWhileSnapshotting: 10_000,
  /** Server pings this often; a socket that has not answered the previous ping is dropped. */
  pingIntervalMs: 30_000,
  /** Snapshot size when the subscribe gives no `limit` (bids and asks each). */
  defaultSnapshotLimit: 100,
} as const;
