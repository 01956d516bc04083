import { type WebSocket, WebSocketServer } from 'ws';
import type { WsHub } from '../../src/ws/createWsHub.js';
import { waitFor } from './waitFor.js';
import { openWsClient, type WsTestClient } from './wsTestClient.js';

/** A test client of a served hub, and its socket on the server's side (a client that never reads never sees the close). */
export type HubTestClient = WsTestClient & { serverSide: WebSocket };

/**
 * Serves `hub` on a loopback WebSocket server, as the route does, and answers how to connect to it.
 * The server, the hub and every client are closed by the steps pushed onto `cleanup`.
 */
export async function serveWsHub(
  hub: WsHub,
  cleanup: (() => unknown)[],
): Promise<{ connect(options?: Parameters<typeof openWsClient>[1]): Promise<HubTestClient> }> {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  const accepted: WebSocket[] = [];
  server.on('connection', (socket, request) => {
    accepted.push(socket);
    hub.accept(socket, request.socket.remoteAddress ?? '');
  });
  await new Promise((resolve) => server.once('listening', resolve));
  cleanup.push(
    () => new Promise((resolve) => server.close(resolve)),
    () => hub.close(),
  );
  const url = `ws://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    async connect(options = {}) {
      const before = accepted.length;
      const client = await openWsClient(url, options);
      cleanup.push(() => client.close());
      await waitFor(() => accepted.length > before, 3_000, 'the server to accept');
      return { ...client, serverSide: accepted[before] as WebSocket };
    },
  };
}
