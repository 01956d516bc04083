import { createMetrics, type Metrics } from './createMetrics.js';

/** The relayer's counters, with their help texts. */
export function createAppMetrics(): Metrics {
  return createMetrics({
    relayer_http_requests_total: {
      help: 'HTTP requests by route pattern, method and status',
      type: 'counter',
    },
    relayer_orders_accepted_total: {
      help: 'Orders accepted (created) or re-posted while open (existing)',
      type: 'counter',
    },
    relayer_orders_refused_total: {
      help: 'Order submissions refused, by relayer error code',
      type: 'counter',
    },
    relayer_tokens_added_total: { help: 'Tokens added through POST /token/new', type: 'counter' },
    relayer_revalidation_checked_total: {
      help: 'Live orders whose chain state the re-validation sweep read again',
      type: 'counter',
    },
    relayer_revalidation_corrected_total: {
      help: 'Orders the re-validation sweep found changed (events had missed it), by their new state',
      type: 'counter',
    },
    relayer_tokens_refused_total: {
      help: 'Token submissions refused, by relayer error code',
      type: 'counter',
    },
  });
}
