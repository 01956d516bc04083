import type { WsServerMessage } from '@relayer/protocol';
import type { Announce } from './AnnounceContext';

const orders = (count: number) => (count === 1 ? '1 order' : `${count} orders`);

/**
 * What a change of the book (an `orders` or `orderbook` frame) is to someone listening: new orders,
 * orders that left it and why, orders partly filled. Snapshots and resyncs change nothing to say.
 */
export function announceBookChange(announce: Announce, message: WsServerMessage): void {
  if (message.type === 'update') {
    announce('new', (count) => (count === 1 ? '1 new order' : `${count} new orders`));
  } else if (message.type === 'remove') {
    const { state } = message.payload;
    announce(`left:${state}`, (count) => `${orders(count)} ${state}`);
  } else if (message.type === 'state') {
    announce('changed', (count) => `${orders(count)} partly filled or changed`);
  }
}
