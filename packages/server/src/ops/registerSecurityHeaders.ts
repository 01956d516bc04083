import type { FastifyInstance } from 'fastify';

/** Headers for a JSON API that no page should frame or sniff; `/docs` sets its own CSP for the UI's assets. */
const API_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  // The web app is served from another origin and reads these answers: allow cross-origin reads.
  'cross-origin-resource-policy': 'cross-origin',
  'strict-transport-security': 'max-age=15552000; includeSubDomains',
  'x-dns-prefetch-control': 'off',
  'x-permitted-cross-domain-policies': 'none',
};
const API_CSP = "default-src 'none'; frame-ancestors 'none'";

export function registerSecurityHeaders(app: FastifyInstance, docsPrefix: string): void {
  const withCsp = { ...API_HEADERS, 'content-security-policy': API_CSP };
  app.addHook('onSend', (request, reply, payload, done) => {
    // One call per answer: this runs on every request, cached order pages included.
    if (request.url.startsWith(docsPrefix) || reply.hasHeader('content-security-policy'))
      reply.headers(API_HEADERS);
    else reply.headers(withCsp);
    done(null, payload);
  });
}
