import type { WebSocket } from 'ws';
import type { AnnouncedEvent } from '../events/BookEvents.js';
import type { WsChannel } from './createEventFrames.js';
import type { FrameGate } from './FrameGate.js';
import type { TradeFilter } from './tradeSubscription.js';

/** What the open sockets of one client address hold together (one per address key, per network). */
export interface AddressUsage {
  sockets: number;
  subscriptions: number;
  snapshots: number;
}

export interface WsClient {
  socket: WebSocket;
  ip: string;
  /** Shared by the sockets of its address (`clientAddressKey`: IPv4, or the IPv6 /64). */
  address: AddressUsage;
  /** Subscriptions that asked for a snapshot (each one reads up to 2 × its limit orders). */
  snapshotsTaken: number;
  /** When the ping it has not answered yet was sent (undefined: it answered the last one). */
  pingedAt: number | undefined;
  /** Since when its queued output has stayed above the low-water mark (undefined: it is below). */
  slowSince: number | undefined;
  gate: FrameGate;
  subscriptions: Map<number, WsSubscription>;
  /** Subscription identities (`subscriptionKeys`) -> the request id holding each. */
  identities: Map<string, number>;
  /** Snapshots run one after another per socket, so one client cannot fan out many reads at once. */
  snapshots: Promise<void>;
}

export interface WsSubscription {
  client: WsClient;
  channel: WsChannel | 'stream';
  requestId: number;
  key: string;
  identity: string;
  /** Events held back while the snapshot is read, so the snapshot always comes first. */
  queue: AnnouncedEvent[] | undefined;
  /** What an `orderbook` subscription's snapshot reads (again after a resync). */
  book?: { base: string; quote: string; limit: number };
  /** A `trades` subscription's filter. */
  trades?: TradeFilter;
  /**
   * A `stream` subscription: `live` once it has caught up (the hub then sends it each change as it
   * happens); until then it is sent its snapshot or the changes it missed, from the stream's log.
   */
  stream?: { live: boolean };
}
