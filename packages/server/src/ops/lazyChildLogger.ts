import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'fastify/types/logger.js';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LevelCheck = { isLevelEnabled?: (level: string) => boolean };

/**
 * A request's logger (`request.log`) that becomes the real pino child, with the same bindings (the
 * request id) and options, on the first line it writes. Most answers write none at the relayer's
 * levels, and making a child for each one (pino serialises its bindings) would be a visible share of a
 * cached read's cost (bench/httpFloor.ts measures it). A line below the parent's level is dropped
 * without making the child, as the child itself would drop it; a line that is written is the very
 * line the child would have written.
 */
export class LazyChildLogger implements FastifyBaseLogger {
  #real: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get real(): FastifyBaseLogger {
    this.#real ??= this.parent.child(this.bindings, this.options);
    return this.#real;
  }

  private write(level: Level, args: unknown[]): void {
    if (this.#real === undefined && !enabled(this.parent, level)) return;
    (this.real[level] as (...a: unknown[]) => void)(...args);
  }

  get level(): string {
    return this.#real?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real.level = level;
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }
}

/** Whether `logger` writes `level` (a logger that cannot say is asked to). */
function enabled(logger: FastifyBaseLogger, level: Level): boolean {
  const check = (logger as LevelCheck).isLevelEnabled;
  return typeof check === 'function' ? check.call(logger, level) : true;
}

/**
 * Fastify's `childLoggerFactory`: a lazy child, unless the route asks for its own level or serializers
 * (none of the relayer's do), which gets the real child at once.
 */
export function lazyChildLoggerFactory(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  if (options.level !== undefined || options.serializers !== undefined)
    return logger.child(bindings, options);
  return new LazyChildLogger(logger, bindings, options);
}
