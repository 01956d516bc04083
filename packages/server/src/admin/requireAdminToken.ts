import { createHash, timingSafeEqual } from 'node:crypto';
import { RelayerError } from '@relayer/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * An `onRequest` hook refusing (401) every request without `Authorization: Bearer <token>`; without a
 * configured token it refuses them all. Digests are compared in constant time, so timing says nothing.
 */
export function requireAdminToken(token: string | undefined) {
  const expected = token === undefined ? undefined : digest(token);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (expected === undefined) {
      throw new RelayerError('UNAUTHORIZED', 'The admin API is off: set ADMIN_TOKEN (or METRICS_TOKEN)');
    }
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer (.+)$/i.exec(header) : null;
    if (match?.[1] !== undefined && timingSafeEqual(digest(match[1]), expected)) return;
    reply.header('www-authenticate', 'Bearer realm="admin"');
    throw new RelayerError('UNAUTHORIZED', 'The admin API needs the configured bearer token');
  };
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
