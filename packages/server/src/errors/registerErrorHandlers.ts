import { RelayerError } from '@relayer/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { quoteUntrusted } from '../text/quoteUntrusted.js';
import { internalErrorResponse, toErrorResponse } from './toErrorResponse.js';
import { toRelayerError } from './toRelayerError.js';

/**
 * The central error handler: every failure leaves as the SRA error body with the relayer's code. 5xx
 * bodies never carry internals (messages, stacks, SQL, node URLs); those go to the log only.
 */
export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const known = toRelayerError(error, request.headers['content-type']);
    const { status, body } = known ? toErrorResponse(known) : internalErrorResponse();
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.debug({ code: body.error }, 'request refused');
    request.errorCode = body.error;
    return reply.code(status).type('application/json; charset=utf-8').send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    const { status, body } = toErrorResponse({
      code: 'NOT_FOUND',
      // The path only, and no more of it than a few dozen characters: it is the client's text.
      message: `No route ${request.method} ${quoteUntrusted(request.url.split('?')[0] ?? '', 48, '')}`,
    });
    return reply.code(status).send(body);
  });
}

/**
 * Fastify's `frameworkErrors` option: errors raised before routing (a URL that does not decode, such
 * as `/%ED%A0%80` or `/%zz`) never reach the error handler, and Fastify's own answer is not the SRA
 * body. This answers them like every other refusal, without repeating the URL.
 */
export function frameworkErrorHandler(
  error: { code?: string },
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const known =
    error.code === 'FST_ERR_BAD_URL'
      ? new RelayerError(
          'INCORRECT_FORMAT',
          'The URL is not valid: a percent-escape does not decode to UTF-8',
        )
      : toRelayerError(error);
  const { status, body } = known ? toErrorResponse(known) : internalErrorResponse();
  void reply.code(status).type('application/json; charset=utf-8').send(body);
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The relayer code a failed request answered with (metrics label). */
    errorCode?: string | undefined;
  }
}
