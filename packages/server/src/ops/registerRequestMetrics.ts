import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { appendRouteHook } from './appendRouteHook.js';
import type { AppMetrics } from './createAppMetrics.js';

type RequestLabels = { route: string; method: string; status: string };
type DurationLabels = { route: string; method: string };

/** One series of the request counter: its labels and the answers counted since the last scrape. */
interface Count {
  labels: RequestLabels;
  n: number;
}

/** Marks the route-level hook this registers, so a route's options never get it twice. */
const OURS = Symbol('relayer.requestMetrics');

/**
 * Counts every answered request by route pattern (never the raw URL, which would make a label per
 * order hash), method and status, and observes its duration.
 *
 * Each route gets its own `onResponse` hook that knows its pattern (`request.routeOptions` builds a
 * new object of a dozen fields on every read) and keeps the label objects of its methods and statuses;
 * answers no route matched (404s, URLs that do not decode) are counted by one hook on the app under
 * `unmatched`. Counts are kept in plain numbers and added to the prom-client counter when it is read
 * (a scrape, `get()`), series in the order they were first seen, as counting each answer into it did;
 * the duration histogram is observed per answer.
 */
export function registerRequestMetrics(
  app: FastifyInstance,
  metrics: Pick<AppMetrics, 'httpRequests' | 'httpDuration'>,
): void {
  const counts: Count[] = [];
  const flush = () => {
    for (const count of counts) {
      if (count.n === 0) continue;
      metrics.httpRequests.inc(count.labels, count.n);
      count.n = 0;
    }
  };
  // prom-client calls a metric's `collect` before every read of it.
  const counter = metrics.httpRequests as unknown as { collect?: () => void };
  const collect = counter.collect;
  counter.collect = collect
    ? () => {
        flush();
        collect.call(metrics.httpRequests);
      }
    : flush;

  /** The hook for one route pattern: label objects per method and status, made once. */
  const hookFor = (route: string) => {
    const byMethod = new Map<string, { duration: DurationLabels; byStatus: Map<number, Count> }>();
    return (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      const { method } = request;
      let series = byMethod.get(method);
      if (!series) {
        series = { duration: { route, method }, byStatus: new Map() };
        byMethod.set(method, series);
      }
      const status = reply.statusCode;
      let count = series.byStatus.get(status);
      if (!count) {
        count = { labels: { route, method, status: String(status) }, n: 0 };
        series.byStatus.set(status, count);
        counts.push(count);
      }
      count.n += 1;
      metrics.httpDuration.observe(series.duration, reply.elapsedTime / 1000);
      done();
    };
  };

  app.addHook('onRoute', (routeOptions) => {
    appendRouteHook(routeOptions, 'onResponse', OURS, hookFor(routeOptions.url));
  });
  const unmatched = hookFor('unmatched');
  // A callback hook, not an async one: no promise and microtask per answer.
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) unmatched(request, reply, done);
    else done();
  });
}
