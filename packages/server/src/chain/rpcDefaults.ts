/** viem's own default; `RPC_BATCH_SIZE` lowers it for nodes that refuse large batches. */
export const DEFAULT_RPC_BATCH_SIZE = 1000;
/** Longest wait for one answer of the node unless the network sets `rpcTimeoutMs` (`RPC_TIMEOUT_MS`). */
export const DEFAULT_RPC_TIMEOUT_MS = 5000;
