/** One JSON-RPC request: method and params. */
export interface RpcRequest {
  method: string;
  params: unknown[];
}

export interface Rpc {
  call<T>(method: string, params: unknown[]): Promise<T>;
  /** Sends the requests as one JSON-RPC batch; answers in request order; throws on any error. */
  batch(requests: RpcRequest[]): Promise<unknown[]>;
}

/**
 * A bare JSON-RPC client for the differential test: one HTTP round trip per call or batch, no
 * encoding layer (the test sends thousands of transactions and reads hundreds of values per step).
 */
export function createRpc(url: string): Rpc {
  let nextId = 1;
  const post = async (body: unknown) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return response.json() as Promise<unknown>;
  };
  type Answer = { id: number; result?: unknown; error?: { message: string } };
  const unwrap = (answer: Answer, request: RpcRequest) => {
    if (answer.error) throw new Error(`${request.method} failed: ${answer.error.message}`);
    return answer.result;
  };
  return {
    async call<T>(method: string, params: unknown[]) {
      const id = nextId++;
      return unwrap((await post({ jsonrpc: '2.0', id, method, params })) as Answer, { method, params }) as T;
    },
    async batch(requests) {
      if (requests.length === 0) return [];
      const first = nextId;
      nextId += requests.length;
      const answers = (await post(
        requests.map((r, i) => ({ jsonrpc: '2.0', id: first + i, method: r.method, params: r.params })),
      )) as Answer[];
      const byId = new Map(answers.map((a) => [a.id, a]));
      return requests.map((request, i) => {
        const answer = byId.get(first + i);
        if (!answer) throw new Error(`no answer to ${request.method}`);
        return unwrap(answer, request);
      });
    },
  };
}
