import type { AnnouncedEvent } from '../events/BookEvents.js';
import { toSraOrder } from '../orders/toSraOrder.js';

export type WsChannel = 'orderbook' | 'orders' | 'trades';

/** The message type each announced event is sent as. */
export const eventMessageType = {
  added: 'update',
  updated: 'state',
  removed: 'remove',
  tradeAdded: 'trade',
  tradeRemoved: 'tradeRemoved',
} as const;

/**
 * The frames one book event becomes. Each payload is serialized once per event and each frame once per
 * (channel, requestId), so a thousand subscribers with the same request id share one Buffer; fan-out
 * then only hands that Buffer to each socket.
 *
 * - added   -> `update`: SRA v0 SignedOrder on `orderbook`, the full OrderRecord on `orders`
 * - updated -> `state`: {orderHash, state, remaining and fillable amounts} (extension)
 * - removed -> `remove`: {orderHash, state} (extension)
 * - tradeAdded / tradeRemoved -> `trade` / `tradeRemoved`: the TradeRecord (`trades` channel, extension)
 */
export function createEventFrames(event: AnnouncedEvent): (channel: WsChannel, requestId: number) => Buffer {
  const payloads = new Map<WsChannel, string>();
  // Keyed by number per channel: this lookup runs once per subscriber, so no key strings are built.
  const frames: Record<WsChannel, Map<number, Buffer>> = {
    orderbook: new Map(),
    orders: new Map(),
    trades: new Map(),
  };
  const type = eventMessageType[event.type];

  function payload(channel: WsChannel): string {
    let json = payloads.get(channel);
    if (json === undefined) {
      json = JSON.stringify(eventPayload(event, channel));
      payloads.set(channel, json);
    }
    return json;
  }

  return (channel, requestId) => {
    const byId = frames[channel];
    let frame = byId.get(requestId);
    if (!frame) {
      frame = Buffer.from(
        `{"type":"${type}","channel":"${channel}","requestId":${requestId},"payload":${payload(channel)}}`,
      );
      byId.set(requestId, frame);
    }
    return frame;
  };
}

/** What a message of this event carries on this channel (`stream` carries what `orders` does). */
export function eventPayload(event: AnnouncedEvent, channel: WsChannel): unknown {
  switch (event.type) {
    case 'added':
      return channel === 'orderbook' ? toSraOrder(event.order) : event.order;
    case 'updated':
      return {
        orderHash: event.orderHash,
        state: event.state,
        remainingTakerTokenAmount: event.remainingTakerTokenAmount,
        remainingMakerTokenAmount: event.remainingMakerTokenAmount,
        fillableTakerTokenAmount: event.fillableTakerTokenAmount,
        fillableMakerTokenAmount: event.fillableMakerTokenAmount,
        ...(event.filledTakerTokenAmount === undefined
          ? {}
          : { filledTakerTokenAmount: event.filledTakerTokenAmount }),
        ...(event.cancelledTakerTokenAmount === undefined
          ? {}
          : { cancelledTakerTokenAmount: event.cancelledTakerTokenAmount }),
      };
    case 'removed':
      return { orderHash: event.orderHash, state: event.state };
    case 'tradeAdded':
    case 'tradeRemoved':
      return event.trade;
  }
}
