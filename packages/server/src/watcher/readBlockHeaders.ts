import type { BlockRef, WatcherContext } from './WatcherContext.js';

export interface BlockHeader extends BlockRef {
  parentHash: `0x${string}`;
  /** `block.timestamp`, Unix seconds (trades are stamped with it). */
  timestamp: bigint;
}

/**
 * Headers of the given block numbers, requested together (one round trip on a batching transport).
 * A number beyond the node's head comes back as null.
 */
export async function readBlockHeaders(
  ctx: WatcherContext,
  numbers: readonly bigint[],
): Promise<(BlockHeader | null)[]> {
  return Promise.all(
    numbers.map(async (blockNumber) => {
      const block = await ctx.client.request({
        method: 'eth_getBlockByNumber',
        params: [`0x${blockNumber.toString(16)}`, false],
      });
      if (!block?.hash) return null;
      return {
        number: blockNumber,
        hash: block.hash,
        parentHash: block.parentHash,
        timestamp: BigInt(block.timestamp),
      };
    }),
  );
}
