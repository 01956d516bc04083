import type { RpcRequest } from './RpcRequest.js';

/** Block timestamps kept: acceptance asks about the latest block or two, over and over. */
const KEPT = 4;

/**
 * `block.timestamp` (Unix seconds) of a block by number, read with `eth_getBlockByNumber` once per block
 * and shared by concurrent callers, so a burst of order reads at one block costs one header in the
 * same JSON-RPC batch as its calls. Undefined when the node does not know the block (yet, or any more).
 */
export function createBlockTimestamps(rpc: RpcRequest): (blockNumber: bigint) => Promise<bigint | undefined> {
  const known = new Map<bigint, Promise<bigint | undefined>>();
  return (blockNumber) => {
    const hit = known.get(blockNumber);
    if (hit) return hit;
    const read = (async () => {
      const block = (await rpc('eth_getBlockByNumber', [`0x${blockNumber.toString(16)}`, false])) as {
        timestamp?: unknown;
      } | null;
      const timestamp = block?.timestamp;
      return typeof timestamp === 'string' && /^0x[0-9a-f]+$/i.test(timestamp)
        ? BigInt(timestamp)
        : undefined;
    })();
    known.set(blockNumber, read);
    // A failed or empty answer is not kept: the next caller asks again.
    read.then(
      (value) => {
        if (value === undefined) known.delete(blockNumber);
      },
      () => known.delete(blockNumber),
    );
    while (known.size > KEPT) {
      const oldest = known.keys().next().value;
      if (oldest === undefined) break;
      known.delete(oldest);
    }
    return read;
  };
}
