import type { BookEvent } from '../events/BookEvents.js';
import type { WatcherContext } from './WatcherContext.js';

/** Publishes after the commit; a failing bus is logged, never rolled back into the chain work. */
export async function publishAll(ctx: WatcherContext, events: readonly BookEvent[]): Promise<void> {
  for (const event of events) {
    try {
      await ctx.events.publish(event);
    } catch (error) {
      ctx.log.error({ err: error, network: ctx.network.key }, 'publishing a book event failed');
    }
  }
}
