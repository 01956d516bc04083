import { createServer } from 'node:net';

/**
 * Asks the OS for a free TCP port on `host` by binding port 0 and closing again. Another process can
 * take the port before it is reused, so callers must retry on "address in use".
 */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ port: 0, host, exclusive: true }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('could not read the bound port'))));
    });
  });
}
