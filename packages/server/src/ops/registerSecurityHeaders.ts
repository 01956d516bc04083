import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * A JSON API that no page should frame or sniff: a CSP that allows nothing, no framing, no referrer,
 * HSTS for 180 days. `/docs` answers replace the CSP with the one @fastify/swagger-ui sets for its UI's
 * own assets (a header set on the reply wins over one set on the raw response).
 */
const API_HEADERS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  },
  crossOriginOpenerPolicy: { policy: 'same-origin' },
  // The web app is served from another origin and reads these answers: allow cross-origin reads.
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  referrerPolicy: { policy: 'no-referrer' },
  strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: true },
  xContentTypeOptions: true,
  xDnsPrefetchControl: { allow: false },
  xFrameOptions: { action: 'deny' },
  xPermittedCrossDomainPolicies: { permittedPolicies: 'none' },
  // Headers for pages, which an API answer never is; the relayer has never sent them.
  originAgentCluster: false,
  xDownloadOptions: false,
  xXssProtection: false,
};

/**
 * helmet's headers on every answer, refusals included. The middleware is built once, here: the
 * @fastify/helmet plugin builds it again on every request (`helmet(options)` in its onRequest hook),
 * which costs a cached `GET /order` several times what setting the headers does.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const setHeaders = helmet(API_HEADERS);
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
}
