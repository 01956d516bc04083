import { EventEmitter } from 'node:events';
import type { OrderRecord, OrderState, TradeRecord } from '@relayer/protocol';

/**
 * A change to a network's order book, fanned out to WebSocket subscribers. `version` is the row's
 * version (`orders.version`) after the change: the read model applies a change only over an older
 * one, so events arriving out of order (several instances) cannot undo a newer state. Publishers that
 * know it set it; without it the read model re-reads the row. Neither it nor the symbols go to
 * WebSocket clients.
 */
export type OrderEvent =
  | {
      type: 'added';
      network: string;
      order: OrderRecord;
      version?: number;
      /** The symbols stored with the row (the book sorts by them); acceptance knows them. */
      makerTokenSymbol?: string;
      takerTokenSymbol?: string;
    }
  | {
      type: 'updated';
      network: string;
      orderHash: string;
      state: OrderState;
      makerTokenAddress: string;
      takerTokenAddress: string;
      remainingTakerTokenAmount: string;
      remainingMakerTokenAmount: string;
      fillableTakerTokenAmount: string;
      fillableMakerTokenAmount: string;
      /** The totals on chain after the change (the watcher knows them; a `stream` client keeps them). */
      filledTakerTokenAmount?: string;
      cancelledTakerTokenAmount?: string;
      version?: number;
    }
  | {
      type: 'removed';
      network: string;
      orderHash: string;
      state: OrderState;
      makerTokenAddress: string;
      takerTokenAddress: string;
      version?: number;
    };

/**
 * Changes to stored orders that no WebSocket channel announces but the read model must learn (and,
 * through NOTIFY, every instance's): `changed` rows (what a maker lacks, why an order is unfunded),
 * a token's new `symbol`, written into every order of that token, and `tokensChanged`: the registry
 * changed which tokens are verified (the read model reads them again).
 */
export type RowEvent =
  | { type: 'changed'; network: string; orderHashes: string[] }
  | { type: 'symbolChanged'; network: string; tokenAddress: string; symbol: string }
  | { type: 'tokensChanged'; network: string };

/**
 * A trade the chain watcher recorded (`tradeAdded`), or one a re-org took off the chain
 * (`tradeRemoved`, the record as it was stored).
 */
export type TradeEvent =
  | { type: 'tradeAdded'; network: string; trade: TradeRecord }
  | { type: 'tradeRemoved'; network: string; trade: TradeRecord };

/** What WebSocket clients are told of. */
export type AnnouncedEvent = OrderEvent | TradeEvent;

/** Everything that travels on the bus: order-book changes, trades and quiet row changes. */
export type BookEvent = OrderEvent | TradeEvent | RowEvent;

export function isAnnounced(event: BookEvent): event is AnnouncedEvent {
  return event.type !== 'changed' && event.type !== 'symbolChanged' && event.type !== 'tokensChanged';
}

const DELIVERED = Promise.resolve();

export interface SubscribeOptions {
  /**
   * Get this instance's own events as soon as they are published, before they come back through
   * NOTIFY (when bridged), and once. For the read model and the signal it drives: a client reads what
   * it just wrote.
   */
  early?: boolean;
}

/**
 * In-process bus for order-book changes. Publishers (order acceptance, chain watcher) call `publish`;
 * when several instances share one PostgreSQL, `bridgeBookEvents` relays events through LISTEN/NOTIFY
 * so every instance's WebSocket clients see every change exactly once.
 *
 * Two channels: `early` listeners get an own event at publish, `late` ones when it comes back (or at
 * once without a bridge); both get the other instances' events.
 */
export class BookEvents {
  readonly #emitter = new EventEmitter();
  #remote: ((event: BookEvent) => Promise<void>) | undefined;

  constructor() {
    // One listener per WebSocket server and per cache, not per client; lift the default cap.
    this.#emitter.setMaxListeners(0);
  }

  /** Routes published events through `send` (e.g. NOTIFY) instead of emitting them locally at once. */
  setRemote(send: ((event: BookEvent) => Promise<void>) | undefined): void {
    this.#remote = send;
  }

  /** Resolves once the event is sent (bridged) or delivered; rejects, never throws, when that fails. */
  publish(event: BookEvent): Promise<void> {
    try {
      if (this.#remote) {
        // This instance's read model learns its own changes now, not after the NOTIFY round trip, so a
        // client reads what it just wrote; the other listeners get it when it comes back (`emitOwn`).
        this.#emitter.emit('early', event);
        return this.#remote(event);
      }
      this.emitLocal(event);
      return DELIVERED;
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** Delivers an event to every listener of this instance (the NOTIFY bridge: other instances' events). */
  emitLocal(event: BookEvent): void {
    this.#emitter.emit('early', event);
    this.#emitter.emit('late', event);
  }

  /**
   * Delivers an event this instance published through the remote to the listeners that have not had it
   * yet: all but the early ones (the NOTIFY bridge, when the event comes back or could not be sent).
   */
  emitOwn(event: BookEvent): void {
    this.#emitter.emit('late', event);
  }

  /** Calls `listener` with every event once, early or late (`options.early`); returns the unsubscribe. */
  subscribe(listener: (event: BookEvent) => void, options: SubscribeOptions = {}): () => void {
    const channel = options.early === true ? 'early' : 'late';
    this.#emitter.on(channel, listener);
    return () => {
      this.#emitter.off(channel, listener);
    };
  }

  /**
   * Tells this instance's listeners that events may have been missed (the notification connection to
   * the other instances was lost and is back): whatever they keep from events must be rebuilt from the
   * database. It concerns every network.
   */
  emitResync(): void {
    this.#emitter.emit('resync');
  }

  onResync(listener: () => void): () => void {
    this.#emitter.on('resync', listener);
    return () => this.#emitter.off('resync', listener);
  }
}
