/** One JSON-RPC request; resolves to its `result`. */
export type RpcRequest = (method: string, params: readonly unknown[]) => Promise<unknown>;
