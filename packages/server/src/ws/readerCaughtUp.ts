import { WebSocket } from 'ws';
import type { WsClient } from './WsClient.js';
import type { WsLimits } from './wsLimits.js';

/**
 * Resolves once the client has read what it was sent down to the low-water mark (true), or its socket
 * closed (false). What sends large or many frames waits for it first, so a client holds at most one
 * such batch in memory; one that never reads is dropped by the hub's reader check meanwhile.
 */
export async function readerCaughtUp(
  client: WsClient,
  limits: Pick<WsLimits, 'lowWaterBytes' | 'drainCheckMs'>,
): Promise<boolean> {
  const { socket } = client;
  while (socket.readyState === WebSocket.OPEN && socket.bufferedAmount > limits.lowWaterBytes)
    await new Promise((resolve) => setTimeout(resolve, limits.drainCheckMs));
  return socket.readyState === WebSocket.OPEN;
}
