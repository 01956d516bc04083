import type { Address, Hex, Order } from '@relayer/protocol';
import { createPublicClient, erc20Abi, getAbiItem, http, toFunctionSelector } from 'viem';
import { describe, expect, test } from 'vitest';
import { PLACEHOLDER_ADDRESSES } from '../../test/helpers/placeholderAddresses.js';
import { startJsonRpcNode } from '../../test/helpers/startJsonRpcNode.js';
import { createChainReader } from './createChainReader.js';
import { isNodeFailure } from './isNodeFailure.js';

/**
 * The chain reader's order-state reads against a scripted JSON-RPC node: what it sends (byte for byte the
 * requests it always sent) and how each kind of answer settles the read.
 */
interface Call {
  id: number;
  method: string;
  params: unknown[];
}
type Answer = { result: unknown } | { error: { code: number; message: string } } | 'omit';

const ADDRESSES = PLACEHOLDER_ADDRESSES;
const TOKEN = '0x00000000000000000000000000000000000000d1' as Address;
const MAKER = '0x0000000000000000000000000000000000000a0a' as Address;
const HASH = `0x${'ab'.repeat(32)}` as Hex;
const BALANCE_OF = toFunctionSelector(getAbiItem({ abi: erc20Abi, name: 'balanceOf' }));
const ALLOWANCE = toFunctionSelector(getAbiItem({ abi: erc20Abi, name: 'allowance' }));
const word = (n: bigint) => `0x${n.toString(16).padStart(64, '0')}`;

const order = (maker: Address = MAKER) => ({ maker, makerTokenAddress: TOKEN }) as unknown as Order;

/** A node answering each eth_call with `answer(call)`; block 0x1f with timestamp 0x64. */
async function startNode(answer: (call: Call) => Answer) {
  const texts: string[] = [];
  const url = await startJsonRpcNode((text) => {
    texts.push(text);
    const calls = JSON.parse(text) as Call[];
    const answers = calls.flatMap((call) => {
      const base = { jsonrpc: '2.0', id: call.id };
      if (call.method === 'eth_blockNumber') return [{ ...base, result: '0x1f' }];
      if (call.method === 'eth_getBlockByNumber') return [{ ...base, result: { timestamp: '0x64' } }];
      const answered = answer(call);
      return answered === 'omit' ? [] : [{ ...base, ...answered }];
    });
    return { body: JSON.stringify(answers) };
  });
  const client = createPublicClient({ transport: http(url, { retryCount: 0, timeout: 2000 }) });
  return { reader: createChainReader({ client, addresses: ADDRESSES }), texts };
}

/** What each call is for, from its target and selector. */
function kind(call: Call): string {
  const { to, data } = call.params[0] as { to: string; data: string };
  if (to === ADDRESSES.exchange) return data.slice(0, 10) === '0x288cdc91' ? 'filled' : 'cancelled';
  const what = data.startsWith(BALANCE_OF) ? 'balance' : 'allowance';
  return `${to === ADDRESSES.zrx ? 'zrx' : 'token'}-${what}`;
}
const VALUES: Record<string, bigint> = {
  filled: 1n,
  cancelled: 2n,
  'token-balance': 3n,
  'token-allowance': 4n,
  'zrx-balance': 5n,
  'zrx-allowance': 6n,
};
const honest = (call: Call): Answer => ({ result: word(VALUES[kind(call)] ?? 0n) });

describe('order-state reads', () => {
  test('sends the six calls and the header as it always did, byte for byte, and reads each word into its place', async () => {
    const node = await startNode(honest);
    const state = await node.reader.getOrderChainState(order(), HASH, { blockNumber: 31n });
    expect(state).toEqual({
      filledTakerTokenAmount: 1n,
      cancelledTakerTokenAmount: 2n,
      makerBalance: 3n,
      makerAllowance: 4n,
      makerZrxBalance: 5n,
      makerZrxAllowance: 6n,
      blockNumber: 31n,
      blockTimestamp: 100n,
      zrxAddress: ADDRESSES.zrx,
    });
    const pad = (a: string) => a.slice(2).padStart(64, '0');
    const call = (to: string, data: string) => ({ method: 'eth_call', params: [{ to, data }, '0x1f'] });
    const expected = [
      call(ADDRESSES.exchange, `0x288cdc91${HASH.slice(2)}`),
      call(ADDRESSES.exchange, `0x2ac12622${HASH.slice(2)}`),
      call(TOKEN, `${BALANCE_OF}${pad(MAKER)}`),
      call(TOKEN, `${ALLOWANCE}${pad(MAKER)}${pad(ADDRESSES.tokenTransferProxy)}`),
      call(ADDRESSES.zrx, `${BALANCE_OF}${pad(MAKER)}`),
      call(ADDRESSES.zrx, `${ALLOWANCE}${pad(MAKER)}${pad(ADDRESSES.tokenTransferProxy)}`),
      { method: 'eth_getBlockByNumber', params: ['0x1f', false] },
    ];
    expect(node.texts).toEqual([
      JSON.stringify(expected.map(({ method, params }, id) => ({ jsonrpc: '2.0', id, method, params }))),
    ]);
  });

  test('concurrent orders of one maker share its token reads; each order gets every word', async () => {
    const node = await startNode(honest);
    const states = await Promise.all([
      node.reader.getOrderChainState(order(), HASH),
      node.reader.getOrderChainState(order(), `0x${'cd'.repeat(32)}` as Hex),
      node.reader.getOrderChainState(order(`0x${'0b'.repeat(20)}` as Address), HASH),
    ]);
    for (const state of states)
      expect(state).toMatchObject({ makerBalance: 3n, makerZrxAllowance: 6n, blockNumber: 31n });
    const calls = node.texts
      .flatMap((text) => JSON.parse(text) as Call[])
      .filter((c) => c.method === 'eth_call');
    // 3 orders x 2 Exchange reads, 2 makers x 4 token reads.
    expect(calls).toHaveLength(6 + 8);
  });

  test('a reverting token reads as 0; a node error on a token read fails every order waiting for it', async () => {
    const revert = await startNode((call) =>
      kind(call) === 'zrx-balance' ? { error: { code: 3, message: 'execution reverted' } } : honest(call),
    );
    expect(await revert.reader.getOrderChainState(order(), HASH)).toMatchObject({
      makerZrxBalance: 0n,
      makerZrxAllowance: 6n,
    });

    const broken = await startNode((call) =>
      kind(call) === 'token-allowance'
        ? { error: { code: -32603, message: 'internal error' } }
        : honest(call),
    );
    const outcomes = await Promise.allSettled([
      broken.reader.getOrderChainState(order(), HASH),
      broken.reader.getOrderChainState(order(), `0x${'cd'.repeat(32)}` as Hex),
    ]);
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      const error = (outcome as PromiseRejectedResult).reason as Error & { code: string };
      expect(error.code).toBe('CHAIN_UNAVAILABLE');
      expect(isNodeFailure(error.cause)).toBe(true);
    }
  });

  test('an Exchange answer without a word, a reverting Exchange, a non-string or a missing answer fails the read', async () => {
    const cases: ((call: Call) => Answer)[] = [
      (call) => (kind(call) === 'filled' ? { result: '0x' } : honest(call)),
      (call) =>
        kind(call) === 'cancelled' ? { error: { code: 3, message: 'execution reverted' } } : honest(call),
      (call) => (kind(call) === 'token-balance' ? { result: 7 } : honest(call)),
      (call) => (kind(call) === 'zrx-allowance' ? 'omit' : honest(call)),
    ];
    for (const answer of cases) {
      const node = await startNode(answer);
      await expect(node.reader.getOrderChainState(order(), HASH)).rejects.toMatchObject({
        code: 'CHAIN_UNAVAILABLE',
      });
    }
  });
});
