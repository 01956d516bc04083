import type { Address, Hex } from '@relayer/protocol';
import fc from 'fast-check';
import { createPublicClient, http } from 'viem';
import { describe, expect, test } from 'vitest';
import { startJsonRpcNode } from '../../test/helpers/startJsonRpcNode.js';
import { TEST_SEED } from '../../test/helpers/testSeed.js';
import { createRpcBatcher, encodeBatch } from './createRpcBatcher.js';
import { isNodeFailure } from './isNodeFailure.js';

interface RpcCall {
  id: number;
  method: string;
  params: [{ to: string; data: string }, string] | [];
}

/** A JSON-RPC endpoint answering each HTTP request with `answer(calls)`; records what it was sent. */
async function startNode(
  answer: (calls: RpcCall[]) => { status?: number; body: string } | 'hang',
  timeoutMs = 2000,
  maxBatch?: number,
) {
  const requests: RpcCall[][] = [];
  const url = await startJsonRpcNode((text) => {
    const calls = JSON.parse(text) as RpcCall[];
    requests.push(calls);
    return answer(calls);
  });
  const client = createPublicClient({ transport: http(url, { retryCount: 0, timeout: timeoutMs }) });
  const rpc = createRpcBatcher(client, maxBatch);
  const call = (to: Address, data: Hex, block: bigint) =>
    rpc('eth_call', [{ to, data }, `0x${block.toString(16)}`]);
  return { rpc, call, requests };
}

const TOKEN = '0x00000000000000000000000000000000000000aa' as Address;
const word = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as Hex;
/** The call's data, echoed back as its answer (so each caller can check it got its own). */
const echo = (calls: RpcCall[]) =>
  JSON.stringify(
    calls.map((c) => ({ jsonrpc: '2.0', id: c.id, result: c.params[0]?.data ?? '0x2a' })).reverse(),
  );

describe('createRpcBatcher', () => {
  test('a turn with more requests than the batch size (RPC_BATCH_SIZE) goes out as several batches', async () => {
    const node = await startNode((calls) => ({ body: echo(calls) }), 2000, 4);
    const results = await Promise.all(
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => node.call(TOKEN, word(n), 7n)),
    );
    expect(results).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(word));
    expect(node.requests.map((batch) => batch.length).sort()).toEqual([2, 4, 4]);
  });

  test('requests made in one turn share one HTTP request and each gets its own answer', async () => {
    const node = await startNode((calls) => ({ body: echo(calls) }));
    const [head, ...results] = await Promise.all([
      node.rpc('eth_blockNumber', []),
      ...[1, 2, 3, 4, 5, 6].map((n) => node.call(TOKEN, word(n), 7n)),
    ]);
    expect(head).toBe('0x2a');
    expect(results).toEqual([1, 2, 3, 4, 5, 6].map(word));
    expect(node.requests).toHaveLength(1);
    expect(node.requests[0]?.slice(1).map((c) => c.params[1])).toEqual(Array(6).fill('0x7'));
    expect(node.requests[0]?.[1]).toMatchObject({
      method: 'eth_call',
      params: [{ to: TOKEN, data: word(1) }, '0x7'],
    });

    // A later turn is a new request.
    await node.call(TOKEN, word(9), 8n);
    expect(node.requests).toHaveLength(2);
  });

  test('a reverting call fails alone, as a contract failure; a node error in one answer is a node failure', async () => {
    const node = await startNode((calls) => ({
      body: JSON.stringify(
        calls.map((c, i) =>
          i === 0
            ? { jsonrpc: '2.0', id: c.id, error: { code: 3, message: 'execution reverted' } }
            : i === 1
              ? { jsonrpc: '2.0', id: c.id, error: { code: -32603, message: 'internal error' } }
              : { jsonrpc: '2.0', id: c.id, result: c.params[0]?.data },
        ),
      ),
    }));
    const [reverted, broken, fine] = await Promise.allSettled([
      node.call(TOKEN, word(1), 1n),
      node.call(TOKEN, word(2), 1n),
      node.call(TOKEN, word(3), 1n),
    ]);
    expect(reverted?.status).toBe('rejected');
    expect(isNodeFailure((reverted as PromiseRejectedResult).reason)).toBe(false);
    expect(broken?.status).toBe('rejected');
    expect(isNodeFailure((broken as PromiseRejectedResult).reason)).toBe(true);
    expect(fine).toEqual({ status: 'fulfilled', value: word(3) });
  });

  test('a node that fails the whole request fails every call as a node failure', async () => {
    const node = await startNode(() => ({ status: 502, body: 'bad gateway' }));
    const outcomes = await Promise.allSettled([node.call(TOKEN, word(1), 1n), node.call(TOKEN, word(2), 1n)]);
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      expect(isNodeFailure((outcome as PromiseRejectedResult).reason)).toBe(true);
    }
  });

  test('a node that does not answer within the timeout fails the calls as a node failure', async () => {
    const node = await startNode(() => 'hang', 200);
    const started = performance.now();
    const [outcome] = await Promise.allSettled([node.call(TOKEN, word(1), 1n)]);
    expect(outcome?.status).toBe('rejected');
    expect(isNodeFailure((outcome as PromiseRejectedResult).reason)).toBe(true);
    expect(performance.now() - started).toBeLessThan(1500);
  });

  test('a call the node leaves out of its answer fails as a node failure', async () => {
    const node = await startNode((calls) => ({
      body: JSON.stringify([
        { jsonrpc: '2.0', id: calls[0]?.id, result: word(1) },
        { jsonrpc: '2.0', id: 99 },
      ]),
    }));
    const [answered, missing] = await Promise.allSettled([
      node.call(TOKEN, word(1), 1n),
      node.call(TOKEN, word(2), 1n),
    ]);
    expect(answered).toEqual({ status: 'fulfilled', value: word(1) });
    expect(missing?.status).toBe('rejected');
    expect(isNodeFailure((missing as PromiseRejectedResult).reason)).toBe(true);
  });

  test('a batch is encoded byte for byte as JSON.stringify of its request objects (seeded property)', () => {
    const seed = TEST_SEED;
    console.log(`encodeBatch property: seed ${seed} (FC_SEED=${seed} replays the file)`);
    const hex = fc.string({ unit: fc.constantFrom(...'0123456789abcdefx'), maxLength: 80 });
    const params = fc.oneof(
      fc.tuple(fc.record({ to: hex, data: hex }), hex),
      fc.tuple(hex, fc.boolean()),
      fc.constant([]),
      fc.array(fc.jsonValue(), { maxLength: 4 }),
    );
    fc.assert(
      fc.property(
        fc.array(fc.record({ method: fc.string({ maxLength: 30 }), params }), { maxLength: 20 }),
        (requests) => {
          const old = JSON.stringify(
            requests.map(({ method, params }, id) => ({ jsonrpc: '2.0', id, method, params })),
          );
          const batch = requests.map(({ method, params }) => ({
            method,
            paramsJson: JSON.stringify(params),
          }));
          expect(encodeBatch(batch)).toBe(old);
        },
      ),
      { seed, numRuns: 500 },
    );
  });
});
