import { type PublicClient, RpcRequestError } from 'viem';
import { redactUrl } from '../logging/redactUrl.js';
import type { NodeGuard } from './createNodeGuard.js';
import { postJsonText } from './postJson.js';
import type { RpcRequest } from './RpcRequest.js';
import { DEFAULT_RPC_BATCH_SIZE, DEFAULT_RPC_TIMEOUT_MS } from './rpcDefaults.js';

/** Where one request's outcome goes: its `result`, or the error that stands for it (called once). */
export interface RpcSettle {
  resolve(result: unknown): void;
  reject(error: unknown): void;
}

/**
 * The batcher's two ways in: `request` (a promise) and `enqueue`, for callers that make many requests per
 * unit of work (the order-state reads): the params come as their JSON text, and the outcome goes to
 * `settle` with no promise or microtask turn of its own.
 */
export interface RpcQueue {
  request: RpcRequest;
  enqueue(method: string, paramsJson: string, settle: RpcSettle): void;
}

interface Pending {
  method: string;
  /** `JSON.stringify(params)`. */
  paramsJson: string;
  settle: RpcSettle;
}

/**
 * The JSON text of a batch: byte for byte `JSON.stringify` of `[{ jsonrpc: '2.0', id, method, params }]`
 * with ids 0..n-1 (createRpcBatcher.test.ts compares them), written from each request's
 * params text rather than built as objects and serialised again.
 */
export function encodeBatch(batch: readonly { method: string; paramsJson: string }[]): string {
  let text = '[';
  for (let id = 0; id < batch.length; id++) {
    const { method, paramsJson } = batch[id] as Pending;
    text += `${id === 0 ? '' : ','}{"jsonrpc":"2.0","id":${id},"method":${JSON.stringify(method)},"params":${paramsJson}}`;
  }
  return `${text}]`;
}

interface RpcAnswer {
  id?: unknown;
  result?: unknown;
  error?: { code: number; message: string };
}

/**
 * JSON-RPC requests made during one turn of the event loop go out as one batch (one `postJson`) to the
 * client's HTTP endpoint. Acceptance makes six `eth_call`s per order and one shared `eth_blockNumber`
 * per burst, and a busy relayer accepts dozens of orders per turn: viem's `client.request` would cost
 * its per-request machinery (dedupe, retry, scheduler) on every call, and here one burst's block number
 * and the previous burst's calls share a round trip. A per-call error answer becomes viem's
 * RpcRequestError, so `isNodeFailure` still tells a reverting contract from a node error; a batch the
 * node did not answer fails every call with a plain Error (a node failure). A client on another
 * transport is used as it is. With a `guard`, a batch the node did not answer marks it down, and while it
 * is down batches fail at once without being sent.
 *
 * Hand-written rather than viem's own `batch` option because the chain reads are on every accepted
 * order's path: hand-encoded calls in one batch, sent through `postJson`, make them a small share of
 * the relayer's CPU per order where viem's encoding and transport made them a large one.
 */
export function createRpcBatcher(
  client: PublicClient,
  maxBatch = DEFAULT_RPC_BATCH_SIZE,
  guard?: NodeGuard,
): RpcRequest {
  return createRpcQueue(client, maxBatch, guard).request;
}

/** `createRpcBatcher` with `enqueue` too (a client on another transport gets both through `client.request`). */
export function createRpcQueue(
  client: PublicClient,
  maxBatch = DEFAULT_RPC_BATCH_SIZE,
  guard?: NodeGuard,
): RpcQueue {
  const transport = client.transport as { type: string; url?: string; timeout?: number };
  if (transport.type !== 'http' || !transport.url) {
    const request: RpcRequest = (method, params) => client.request({ method, params } as never);
    return {
      request,
      enqueue: (method, paramsJson, settle) => {
        request(method, JSON.parse(paramsJson) as unknown[]).then(
          (result) => settle.resolve(result),
          (error: unknown) => settle.reject(error),
        );
      },
    };
  }
  const endpoint = new URL(transport.url);
  // Quoted by every JSON-RPC error's message: the node's address only, never its path or query (a key).
  const url = redactUrl(endpoint);
  const timeoutMs = transport.timeout ?? DEFAULT_RPC_TIMEOUT_MS;
  // Any failure of the POST itself is the node not answering (JSON-RPC errors come inside an answer).
  const post = (text: string) =>
    guard
      ? guard.run(
          () => postJsonText(endpoint, text, timeoutMs),
          () => true,
        )
      : postJsonText(endpoint, text, timeoutMs);
  let queue: Pending[] = [];

  async function send(batch: Pending[]): Promise<void> {
    let answers: unknown;
    try {
      answers = await post(encodeBatch(batch));
      // A node that refuses the whole batch (rate limit, overload) answers one error object instead.
      if (!Array.isArray(answers)) throw new Error('the node answered a batch without a list of answers');
    } catch (error) {
      for (const pending of batch) pending.settle.reject(error);
      return;
    }
    const settled = new Array<boolean>(batch.length).fill(false);
    for (const answer of answers as RpcAnswer[]) {
      const id = answer.id;
      const pending = typeof id === 'number' ? batch[id] : undefined;
      if (!pending || settled[id as number]) continue;
      settled[id as number] = true;
      if (answer.error) {
        const body = { jsonrpc: '2.0', id, method: pending.method, params: JSON.parse(pending.paramsJson) };
        pending.settle.reject(new RpcRequestError({ body, error: answer.error, url }));
      } else if (answer.result !== undefined) {
        pending.settle.resolve(answer.result);
      } else {
        pending.settle.reject(new Error(`the node answered ${pending.method} without a result`));
      }
    }
    batch.forEach((pending, id) => {
      if (!settled[id])
        pending.settle.reject(new Error(`the node left ${pending.method} of a batch unanswered`));
    });
  }

  function flush(): void {
    const all = queue;
    queue = [];
    // A busier turn than one batch holds sends several.
    for (let start = 0; start < all.length; start += maxBatch) void send(all.slice(start, start + maxBatch));
  }

  const enqueue = (method: string, paramsJson: string, settle: RpcSettle): void => {
    queue.push({ method, paramsJson, settle });
    // setImmediate, not a microtask: requests arriving on other sockets in this turn join the batch.
    if (queue.length === 1) setImmediate(flush);
  };
  return {
    enqueue,
    request: (method, params) =>
      new Promise((resolve, reject) => {
        enqueue(method, JSON.stringify(params), { resolve, reject });
      }),
  };
}
