import { Counter, Histogram, Registry } from 'prom-client';

/** The relayer's own series, registered on a registry of this app's (tests build many apps in one process). */
export interface AppMetrics {
  registry: Registry;
  httpRequests: Counter<'route' | 'method' | 'status'>;
  httpDuration: Histogram<'route' | 'method'>;
  ordersAccepted: Counter<'network' | 'result'>;
  ordersRefused: Counter<'network' | 'code'>;
  tokensAdded: Counter<'network'>;
  tokensRefused: Counter<'network' | 'code'>;
  revalidationChecked: Counter<'network'>;
  revalidationCorrected: Counter<'network' | 'state'>;
}

/** Latency buckets (seconds) of the request duration histogram. */
const BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/**
 * The counters and the request histogram, by the names and labels dashboards already use. Gauges read
 * at scrape time are registered beside them (`registerScrapeGauges`); the process's own metrics come
 * from `processMetrics`.
 */
export function createAppMetrics(): AppMetrics {
  const registry = new Registry();
  const counter = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
    new Counter<L>({ name, help, labelNames, registers: [registry] });
  return {
    registry,
    httpRequests: counter(
      'relayer_http_requests_total',
      'HTTP requests by route pattern, method and status',
      ['route', 'method', 'status'],
    ),
    httpDuration: new Histogram({
      name: 'relayer_http_request_duration_seconds',
      help: 'HTTP request duration by route',
      labelNames: ['route', 'method'],
      buckets: BUCKETS,
      registers: [registry],
    }),
    ordersAccepted: counter(
      'relayer_orders_accepted_total',
      'Orders accepted (created) or re-posted while open (existing)',
      ['network', 'result'],
    ),
    ordersRefused: counter(
      'relayer_orders_refused_total',
      'Order submissions refused, by relayer error code',
      ['network', 'code'],
    ),
    tokensAdded: counter('relayer_tokens_added_total', 'Tokens added through POST /token/new', ['network']),
    tokensRefused: counter(
      'relayer_tokens_refused_total',
      'Token submissions refused, by relayer error code',
      ['network', 'code'],
    ),
    revalidationChecked: counter(
      'relayer_revalidation_checked_total',
      'Live orders whose chain state the re-validation sweep read again',
      ['network'],
    ),
    revalidationCorrected: counter(
      'relayer_revalidation_corrected_total',
      'Orders the re-validation sweep found changed (events had missed it), by their new state',
      ['network', 'state'],
    ),
  };
}
