import { type DestinationStream, type LoggerOptions, stdSerializers } from 'pino';
import type { Config } from '../config.js';
import { configSecrets } from './configSecrets.js';
import { scrubError, scrubText } from './scrubSecrets.js';

/**
 * The relayer's pino options: its level, credentials dropped from request headers, and the secrets of
 * the configuration scrubbed from every line. Errors are built without them where they are made (the
 * chain client, the batcher, postJson); this is the net under whatever a dependency writes in a
 * message or stack.
 */
export function loggerOptions(
  config: Config,
  stream?: DestinationStream,
): LoggerOptions & { stream?: DestinationStream } {
  const secrets = configSecrets(config);
  return {
    level: config.logLevel,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], remove: true },
    serializers: { err: (err: Error) => scrubError(stdSerializers.err(err), secrets) },
    hooks: { streamWrite: (line) => scrubText(line, secrets) },
    ...(stream ? { stream } : {}),
  };
}
