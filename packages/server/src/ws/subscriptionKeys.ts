import type { WsSubscribe } from '@relayer/protocol';
import { tradeSubscriptionKey } from './tradeSubscription.js';

/** The one index key of `stream` subscriptions: they have no filter. */
export const STREAM_KEY = 's';

/**
 * Where a subscription sits in the hub's index (`key`, see createWsHub) and what makes two
 * subscriptions the same (`identity`: channel and the whole filter, not the snapshot options), so one
 * socket holds each at most once and an event costs a socket at most one frame per matching key.
 */
export function subscriptionKeys(message: WsSubscribe): { key: string; identity: string } {
  switch (message.channel) {
    case 'orderbook': {
      const key = `b:${message.payload.baseTokenAddress}:${message.payload.quoteTokenAddress}`;
      return { key, identity: key };
    }
    case 'orders': {
      const key = `o:${message.payload.makerTokenAddress ?? '*'}:${message.payload.takerTokenAddress ?? '*'}`;
      return { key, identity: key };
    }
    case 'stream':
      return { key: STREAM_KEY, identity: STREAM_KEY };
    case 'trades': {
      const { baseTokenAddress: base, quoteTokenAddress: quote, trader } = message.payload;
      // A trades market matches in either direction, so base/quote and quote/base are one filter.
      const pair = base && quote ? [base, quote].sort().join(':') : '*';
      return { key: tradeSubscriptionKey(message.payload), identity: `t:${pair}:${trader ?? '*'}` };
    }
  }
}
