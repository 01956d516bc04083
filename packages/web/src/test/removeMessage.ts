import type { Hex, WsServerMessage } from '@relayer/protocol';

type Remove = Extract<WsServerMessage, { type: 'remove'; channel: 'orderbook' | 'orders' }>;

/** The relayer's `remove` frame for one order on `channel` (request id 1, as the app subscribes). */
export function removeMessage(
  channel: Remove['channel'],
  orderHash: Hex,
  state: Remove['payload']['state'],
): Remove {
  return { type: 'remove', channel, requestId: 1, payload: { orderHash, state } };
}
