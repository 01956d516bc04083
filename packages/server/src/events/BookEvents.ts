import { EventEmitter } from 'node:events';
import type { OrderRecord, OrderState, TradeRecord } from '@relayer/protocol';

/** A change to a network's order book, fanned out to WebSocket subscribers. */
export type OrderEvent =
  | { type: 'added'; network: string; order: OrderRecord }
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
    }
  | {
      type: 'removed';
      network: string;
      orderHash: string;
      state: OrderState;
      makerTokenAddress: string;
      takerTokenAddress: string;
    };

/**
 * A trade the chain watcher recorded (`tradeAdded`), or one a re-org took off the chain
 * (`tradeRemoved`, the record as it was stored).
 */
export type TradeEvent =
  | { type: 'tradeAdded'; network: string; trade: TradeRecord }
  | { type: 'tradeRemoved'; network: string; trade: TradeRecord };

/** Everything that travels on the bus: order-book changes and trades. */
export type BookEvent = OrderEvent | TradeEvent;

/**
 * In-process bus for order-book changes. Publishers (order acceptance, chain watcher) call `publish`;
 * when several instances share one PostgreSQL, `bridgeBookEvents` relays events through LISTEN/NOTIFY
 * so every instance's WebSocket clients see every change exactly once.
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

  async publish(event: BookEvent): Promise<void> {
    if (this.#remote) await this.#remote(event);
    else this.emitLocal(event);
  }

  /** Delivers an event to this instance's listeners (called by the NOTIFY bridge for remote events). */
  emitLocal(event: BookEvent): void {
    this.#emitter.emit('event', event);
  }

  subscribe(listener: (event: BookEvent) => void): () => void {
    this.#emitter.on('event', listener);
    return () => this.#emitter.off('event', listener);
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
