import type { ObservedBlock } from '../chain/createChainClock.js';
import type { WatcherContext } from './WatcherContext.js';

/** The node's latest block: its number and timestamp (one `eth_getBlockByNumber('latest')`). */
export async function readHead(ctx: Pick<WatcherContext, 'client'>): Promise<ObservedBlock> {
  const block = await ctx.client.request({ method: 'eth_getBlockByNumber', params: ['latest', false] });
  if (!block?.number || !block.timestamp) throw new Error('the node answered no latest block');
  return { number: BigInt(block.number), timestamp: BigInt(block.timestamp) };
}
