import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { pino } from 'pino';
import { describe, expect, test } from 'vitest';
import { LazyChildLogger, lazyChildLoggerFactory } from './lazyChildLogger.js';

/** A pino logger at `level` writing its lines (time masked) into the returned array. */
function capture(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) {
        lines.push({ ...JSON.parse(line), time: 0 });
      }
      done();
    },
  });
  return { logger: pino({ level }, stream), lines };
}

describe('LazyChildLogger', () => {
  test('writes exactly the lines a real child with the same bindings writes', () => {
    const real = capture('debug');
    const lazy = capture('debug');
    const child = real.logger.child({ reqId: 'req-7' });
    const deferred = new LazyChildLogger(lazy.logger, { reqId: 'req-7' }, {});
    for (const target of [child, deferred]) {
      target.error({ err: new Error('boom') }, 'request failed');
      target.warn('plain %s', 'format');
      target.debug({ code: 'X' }, 'request refused');
      target.trace('below the level');
      target.info({ nested: { a: 1 } }, 'info');
      target.child({ sub: 1 }).warn('from a grandchild');
    }
    // Stacks differ by the line that threw; everything else is the same.
    const strip = (lines: Record<string, unknown>[]) =>
      lines.map((l) => ({ ...l, err: l.err ? { ...(l.err as object), stack: '' } : undefined }));
    expect(strip(lazy.lines)).toEqual(strip(real.lines));
    expect(lazy.lines).toHaveLength(5);
    expect(lazy.lines[0]).toMatchObject({ reqId: 'req-7', level: 50, msg: 'request failed' });
  });

  test('makes no child for lines below the level, and one for the first line written', () => {
    const { logger } = capture('warn');
    let children = 0;
    const counting = Object.assign(Object.create(logger), {
      child: (...args: Parameters<typeof logger.child>) => {
        children++;
        return logger.child(...args);
      },
    });
    const deferred = new LazyChildLogger(counting, { reqId: 'req-1' }, {});
    deferred.debug('no');
    deferred.info('no');
    deferred.trace('no');
    expect(children).toBe(0);
    expect(deferred.level).toBe('warn');
    deferred.error('yes');
    deferred.warn('again');
    expect(children).toBe(1);
  });

  test("a route's own level or serializers get the real child at once", () => {
    const { logger } = capture('info');
    expect(lazyChildLoggerFactory(logger, { reqId: 'r' }, {})).toBeInstanceOf(LazyChildLogger);
    expect(lazyChildLoggerFactory(logger, { reqId: 'r' }, { level: 'debug' })).not.toBeInstanceOf(
      LazyChildLogger,
    );
  });

  test('through Fastify: a failing request logs its request id as before', async () => {
    const { logger, lines } = capture('info');
    const app = Fastify({ loggerInstance: logger, childLoggerFactory: lazyChildLoggerFactory });
    app.get('/fail', async (request) => {
      request.log.debug('not written');
      throw new Error('boom');
    });
    app.get('/ok', async () => ({ ok: true }));
    await app.inject('/ok');
    const answer = await app.inject('/fail');
    expect(answer.statusCode).toBe(500);
    const failure = lines.find((l) => l.level === 50);
    expect(failure).toMatchObject({ reqId: 'req-2', msg: 'boom' });
    // Fastify's own request lines ("incoming request", "request completed") carry the id too.
    expect(lines.filter((l) => l.reqId === 'req-1').map((l) => l.msg)).toEqual([
      'incoming request',
      'request completed',
    ]);
    await app.close();
  });
});
