import type { AddressInfo } from 'node:net';
import { connect, createServer, type Socket } from 'node:net';

/**
 * A TCP relay that a test can black-hole: connections stay open but nothing passes either way and no
 * one is told (a dropped route, a failover without resets), until `heal` lets new connections through.
 */
export async function startTcpProxy(targetHost: string, targetPort: number) {
  let blackholed = false;
  const live = new Set<{ client: Socket; upstream: Socket; dead: boolean }>();
  const stalled = new Set<Socket>();
  const server = createServer((client) => {
    client.on('error', () => {});
    if (blackholed) {
      stalled.add(client);
      client.on('close', () => stalled.delete(client));
      return;
    }
    const upstream = connect(targetPort, targetHost);
    upstream.on('error', () => client.destroy());
    const pair = { client, upstream, dead: false };
    live.add(pair);
    client.on('data', (data) => {
      if (!pair.dead) upstream.write(data);
    });
    upstream.on('data', (data) => {
      if (!pair.dead) client.write(data);
    });
    const end = () => {
      live.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', () => (pair.dead ? live.delete(pair) : end()));
    upstream.on('close', () => (pair.dead ? undefined : end()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    blackhole() {
      blackholed = true;
      for (const pair of live) pair.dead = true;
    },
    heal() {
      blackholed = false;
      for (const socket of stalled) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const { client, upstream } of live) {
          client.destroy();
          upstream.destroy();
        }
        for (const socket of stalled) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
