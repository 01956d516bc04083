import type { FastifyBaseLogger } from 'fastify';
import { WebSocket } from 'ws';
import type { WsClient } from './WsClient.js';
import type { WsLimits } from './wsLimits.js';

/** Close code for a client that kept sending invalid or over-rate frames (RFC 6455 policy violation). */
export const WS_POLICY_CLOSE_CODE = 1008;

/** How the hub writes to its clients, and the two ways it lets go of one. */
export function createClientOutput({ limits, log }: { limits: WsLimits; log: FastifyBaseLogger }) {
  /** A client that does not read cannot take a close frame either. */
  function drop(client: WsClient, why: string): void {
    log.debug({ ip: client.ip }, `websocket: dropping a client that ${why}`);
    client.socket.terminate();
  }

  /**
   * Queues a frame unless that takes the client's queued output over the cap (counting this frame):
   * such a client is dropped, not sent to. A frame larger than the cap goes only onto an empty queue.
   */
  function send(client: WsClient, frame: Buffer): void {
    const { socket } = client;
    if (socket.readyState !== WebSocket.OPEN) return;
    const buffered = socket.bufferedAmount;
    if (buffered > 0 && buffered + frame.length > limits.maxBufferedBytes) {
      drop(client, 'does not read what it is sent');
      return;
    }
    socket.send(frame, { binary: false });
  }

  function closeForPolicy(client: WsClient): void {
    log.debug(
      { ip: client.ip },
      'websocket: closing a client that sends too many invalid or over-rate frames',
    );
    client.socket.close(WS_POLICY_CLOSE_CODE, 'too many invalid or over-rate messages');
    // What it sent since is never read (not even its answer to the close); the connection is cut soon.
    client.socket.pause();
    setTimeout(() => client.socket.terminate(), 1_000).unref();
  }

  return {
    send,
    sendJson: (client: WsClient, message: unknown) => send(client, Buffer.from(JSON.stringify(message))),
    drop,
    closeForPolicy,
  };
}

export type ClientOutput = ReturnType<typeof createClientOutput>;
