import { weth9Artifact } from '@relayer/contracts';
import { type Address, decodeFunctionData, encodeFunctionResult, type Hex, numberToHex, toHex } from 'viem';
import { vi } from 'vitest';
import { answerChainBasics } from './answerChainBasics';
import { createFakeRelayer } from './fakeRelayer';
import { mainVariant } from './testConfig';

export interface SentWethTx {
  from: Address;
  functionName: string;
  args: readonly unknown[];
  value: bigint;
}

/**
 * A JSON-RPC node with ETH balances and one WETH9 contract, at the fetch boundary (the relayer's
 * paths go to the fake relayer). Deposits and withdrawals move balances like the contract does.
 */
export function installFakeWethNode(weth: Address, chainId = mainVariant.chainId) {
  const eth = new Map<string, bigint>();
  const wrapped = new Map<string, bigint>();
  const allowances = new Map<string, bigint>();
  const sent: SentWethTx[] = [];
  let failNext = false;
  const relayer = createFakeRelayer();
  const rpcOrigin = new URL(mainVariant.rpcUrl).origin;

  function answer(method: string, params: unknown[]): unknown {
    const basic = answerChainBasics(method, chainId);
    if (basic !== undefined) return basic;
    switch (method) {
      case 'eth_getBalance':
        return numberToHex(eth.get(String(params[0]).toLowerCase()) ?? 0n);
      case 'eth_call': {
        const { data } = params[0] as { data: Hex };
        const call = decodeFunctionData({ abi: weth9Artifact.abi, data });
        const [owner, spender] = (call.args ?? []).map((a) => String(a).toLowerCase());
        const result =
          call.functionName === 'balanceOf'
            ? (wrapped.get(owner ?? '') ?? 0n)
            : call.functionName === 'allowance'
              ? (allowances.get(`${owner}:${spender}`) ?? 0n)
              : 0n;
        return encodeFunctionResult({
          abi: weth9Artifact.abi,
          functionName: call.functionName,
          result,
        } as never);
      }
      case 'eth_sendTransaction': {
        const request = params[0] as { from: Address; to: Address; data: Hex; value?: Hex };
        if (request.to.toLowerCase() !== weth) throw new Error('unknown contract');
        const from = request.from.toLowerCase() as Address;
        const call = decodeFunctionData({ abi: weth9Artifact.abi, data: request.data });
        const value = BigInt(request.value ?? '0x0');
        const args = (call.args ?? []).map((arg) => (typeof arg === 'string' ? arg.toLowerCase() : arg));
        sent.push({ from, functionName: call.functionName, args, value });
        if (!failNext && call.functionName === 'approve') {
          const [spender, amount] = call.args as [Address, bigint];
          allowances.set(`${from}:${spender.toLowerCase()}`, amount);
        } else if (!failNext) {
          const amount = call.functionName === 'deposit' ? value : (call.args?.[0] as bigint);
          const sign = call.functionName === 'deposit' ? 1n : -1n;
          eth.set(from, (eth.get(from) ?? 0n) - sign * amount);
          wrapped.set(from, (wrapped.get(from) ?? 0n) + sign * amount);
        }
        return toHex(sent.length, { size: 32 });
      }
      case 'eth_getTransactionReceipt': {
        const index = Number(BigInt(String(params[0])));
        const tx = sent[index - 1];
        if (!tx) return null;
        const status = failNext ? '0x0' : '0x1';
        failNext = false;
        return {
          transactionHash: params[0],
          transactionIndex: '0x0',
          blockHash: `0x${'a'.repeat(64)}`,
          blockNumber: '0x10',
          from: tx.from,
          to: weth,
          cumulativeGasUsed: '0x1',
          gasUsed: '0x1',
          effectiveGasPrice: '0x1',
          contractAddress: null,
          logsBloom: `0x${'0'.repeat(512)}`,
          status,
          type: '0x2',
          logs: [],
        };
      }
      default:
        throw new Error(`fake node: ${method} is not supported`);
    }
  }

  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.origin !== rpcOrigin) return relayer.fetch(input, init);
    const body = JSON.parse(String(init?.body));
    const reply = (one: { id: number; method: string; params?: unknown[] }) => {
      try {
        return { jsonrpc: '2.0', id: one.id, result: answer(one.method, one.params ?? []) };
      } catch (error) {
        return { jsonrpc: '2.0', id: one.id, error: { code: -32603, message: (error as Error).message } };
      }
    };
    return new Response(JSON.stringify(Array.isArray(body) ? body.map(reply) : reply(body)), {
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);

  return {
    sent,
    setEth: (owner: string, wei: bigint) => eth.set(owner.toLowerCase(), wei),
    setWeth: (owner: string, wei: bigint) => wrapped.set(owner.toLowerCase(), wei),
    failNextTransaction: () => {
      failNext = true;
    },
  };
}
