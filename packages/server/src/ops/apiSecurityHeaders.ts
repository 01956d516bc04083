import type { FastifyHelmetOptions } from '@fastify/helmet';

/**
 * @fastify/helmet's settings for a JSON API that no page should frame or sniff: a CSP that allows
 * nothing, no framing, no referrer, HSTS for 180 days. `/docs` answers replace the CSP with the one
 * @fastify/swagger-ui sets for its UI's own assets (a header set on the reply wins over helmet's).
 */
export const apiSecurityHeaders: FastifyHelmetOptions = {
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
  // Headers for pages that an API answer never is; the relayer has never sent them.
  originAgentCluster: false,
  xDownloadOptions: false,
  xXssProtection: false,
};
