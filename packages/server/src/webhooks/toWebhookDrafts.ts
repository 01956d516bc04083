import type { BookEvent } from '../events/BookEvents.js';
import type { WebhookEventType } from './webhookEventTypes.js';

/** One event to queue for the maker of `orderHash` (whose webhook is found by the outbox's insert). */
export interface WebhookDraft {
  type: WebhookEventType;
  orderHash: string;
  /** The event's own fields, sent beside `id`, `type`, `maker` and `orderHash`; amounts as decimal strings. */
  data: Record<string, string | number>;
}

/**
 * The webhook events a transaction's book events report: every recorded fill (a trade), and an order
 * leaving the book cancelled or unfunded. Partial cancels and re-opened orders are not reported.
 */
export function toWebhookDrafts(events: readonly BookEvent[]): WebhookDraft[] {
  const drafts: WebhookDraft[] = [];
  for (const event of events) {
    if (event.type === 'tradeAdded') {
      const { trade } = event;
      drafts.push({
        type: 'fill',
        orderHash: trade.orderHash,
        data: {
          taker: trade.taker,
          makerTokenAddress: trade.makerTokenAddress,
          takerTokenAddress: trade.takerTokenAddress,
          filledMakerTokenAmount: trade.filledMakerTokenAmount,
          filledTakerTokenAmount: trade.filledTakerTokenAmount,
          paidMakerFee: trade.paidMakerFee,
          transactionHash: trade.transactionHash,
          blockNumber: trade.blockNumber,
          logIndex: trade.logIndex,
        },
      });
    } else if (event.type === 'removed' && (event.state === 'cancelled' || event.state === 'unfunded')) {
      drafts.push({
        type: event.state === 'cancelled' ? 'cancel' : 'unfunded',
        orderHash: event.orderHash,
        data: {
          state: event.state,
          makerTokenAddress: event.makerTokenAddress,
          takerTokenAddress: event.takerTokenAddress,
        },
      });
    }
  }
  return drafts;
}
