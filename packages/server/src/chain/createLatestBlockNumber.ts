/**
 * The node's current block number, fresh on every call unless `maxAgeMs` allows reusing the last answer
 * (viem's own `getBlockNumber` caches for the client's polling interval, seconds), and shared by callers
 * that ask while a request is in flight, so a burst of order reads costs one `eth_blockNumber`.
 */
export function createLatestBlockNumber(
  fetchBlockNumber: () => Promise<bigint>,
  maxAgeMs = 0,
): () => Promise<bigint> {
  let inFlight: Promise<bigint> | undefined;
  let last: { value: bigint; at: number } | undefined;
  return () => {
    if (maxAgeMs > 0 && last && performance.now() - last.at <= maxAgeMs) return Promise.resolve(last.value);
    if (!inFlight) {
      const at = performance.now();
      inFlight = fetchBlockNumber()
        .then((value) => {
          last = { value, at };
          return value;
        })
        .finally(() => {
          inFlight = undefined;
        });
    }
    return inFlight;
  };
}
