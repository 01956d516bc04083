import type { AddressInfo } from 'node:net';
import { RelayerError } from '@relayer/protocol';
import Fastify from 'fastify';
import type { AdminContext } from '../admin/AdminContext.js';
import { adminRoutes } from '../admin/adminRoutes.js';
import type { Config } from '../config.js';
import { frameworkErrorHandler, registerErrorHandlers } from '../errors/registerErrorHandlers.js';
import { type MetricsRouteOptions, metricsRoute } from '../routes/metricsRoute.js';

export interface MetricsListener {
  listen(): Promise<void>;
  /** Where it listens once started (tests bind port 0). */
  address(): AddressInfo | null;
  close(): Promise<void>;
}

const LOOPBACK_HOST = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d+)?$/i;

/**
 * `/metrics` on a listener of its own, by default on the loopback interface, so the operator's surface
 * is reachable from the machine (a Prometheus agent, an SSH tunnel) and not from the public port. When
 * bound to loopback it also answers only requests addressed to a loopback host name: a web page that
 * rebinds its own host name to 127.0.0.1 (DNS rebinding) gets a refusal, not the numbers.
 */
export async function createMetricsListener(
  settings: Config['metrics'] & { port: number },
  options: MetricsRouteOptions,
  /** The admin API (`/admin/...`), served here and nowhere else. */
  admin?: AdminContext,
): Promise<MetricsListener> {
  const server = Fastify({
    logger: false,
    forceCloseConnections: true,
    frameworkErrors: frameworkErrorHandler,
  });
  registerErrorHandlers(server);
  if (LOOPBACK_HOST.test(settings.host) || settings.host === '::1') {
    server.addHook('onRequest', async (request) => {
      if (!LOOPBACK_HOST.test(request.headers.host ?? '')) {
        throw new RelayerError(
          'ORIGIN_NOT_ALLOWED',
          'This listener answers only requests addressed to the loopback host',
        );
      }
    });
  }
  await server.register(metricsRoute, options);
  if (admin) await server.register(adminRoutes, admin);
  return {
    async listen() {
      await server.listen({ host: settings.host, port: settings.port });
    },
    address() {
      const address = server.server.address();
      return address !== null && typeof address === 'object' ? address : null;
    },
    close: () => server.close(),
  };
}
