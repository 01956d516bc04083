import type { Address, Hex } from '@relayer/protocol';
import { type PublicClient, RpcRequestError } from 'viem';
import { getHttpRpcClient } from 'viem/utils';

/** One `eth_call` at a block; resolves to the raw return data. */
export type EthCall = (to: Address, data: Hex, blockNumber: bigint) => Promise<Hex>;

/** Calls per HTTP request (viem's own default batch size); a busier turn sends several requests. */
const MAX_BATCH = 1000;

interface Pending {
  to: Address;
  data: Hex;
  block: Hex;
  resolve: (result: Hex) => void;
  reject: (error: unknown) => void;
}

interface RpcAnswer {
  id?: unknown;
  result?: unknown;
  error?: { code: number; message: string };
}

/**
 * `eth_call`s made during one turn of the event loop go out as one JSON-RPC batch over the client's
 * HTTP endpoint. Acceptance makes six calls per order and a busy relayer accepts dozens of orders per
 * turn; going through `client.request` per call costs viem's per-request machinery (dedupe, retry,
 * scheduler) six times per order. Errors keep viem's classes, so `isNodeFailure` still tells a
 * reverting contract (an answer with an error, per call) from a node that did not answer (the whole
 * batch fails with HttpRequestError/TimeoutError). A client on another transport is used as it is.
 */
export function createCallBatcher(client: PublicClient): EthCall {
  const transport = client.transport as { type: string; url?: string; timeout?: number };
  if (transport.type !== 'http' || !transport.url) {
    return (to, data, blockNumber) =>
      client.request({ method: 'eth_call', params: [{ to, data }, `0x${blockNumber.toString(16)}`] });
  }
  const url = transport.url;
  const rpc = getHttpRpcClient(url, { timeout: transport.timeout ?? 10_000 });
  let queue: Pending[] = [];

  async function send(batch: Pending[]): Promise<void> {
    const body = batch.map(({ to, data, block }, id) => ({
      id,
      method: 'eth_call',
      params: [{ to, data }, block],
    }));
    let answers: RpcAnswer[];
    try {
      answers = (await rpc.request({ body })) as RpcAnswer[];
    } catch (error) {
      for (const pending of batch) pending.reject(error);
      return;
    }
    const settled = new Array<boolean>(batch.length).fill(false);
    for (const answer of answers) {
      const id = answer.id;
      const pending = typeof id === 'number' ? batch[id] : undefined;
      if (!pending || settled[id as number]) continue;
      settled[id as number] = true;
      if (answer.error) {
        pending.reject(new RpcRequestError({ body: body[id as number] ?? {}, error: answer.error, url }));
      } else if (typeof answer.result === 'string') {
        pending.resolve(answer.result as Hex);
      } else {
        pending.reject(new Error('the node answered an eth_call without a result'));
      }
    }
    batch.forEach((pending, id) => {
      if (!settled[id]) pending.reject(new Error('the node left an eth_call of a batch unanswered'));
    });
  }

  function flush(): void {
    const all = queue;
    queue = [];
    for (let start = 0; start < all.length; start += MAX_BATCH)
      void send(all.slice(start, start + MAX_BATCH));
  }

  return (to, data, blockNumber) =>
    new Promise<Hex>((resolve, reject) => {
      queue.push({ to, data, block: `0x${blockNumber.toString(16)}`, resolve, reject });
      // setImmediate, not a microtask: requests arriving on other sockets in this turn join the batch.
      if (queue.length === 1) setImmediate(flush);
    });
}
