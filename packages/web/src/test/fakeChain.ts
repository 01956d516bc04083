import { exchangeArtifact } from '@relayer/contracts';
import { type Address, type Hex, hashOrder } from '@relayer/protocol';
import {
  decodeFunctionData,
  encodeFunctionResult,
  erc20Abi,
  type Log,
  type PrivateKeyAccount,
  toHex,
} from 'viem';
import { answerChainBasics } from './answerChainBasics';
import { logCancelLog, logFillLog } from './exchangeLogs';

const abi = [...erc20Abi, ...exchangeArtifact.abi];

export interface SentTransaction {
  from: Address;
  to: Address;
  functionName: string;
  args: readonly unknown[];
  hash: Hex;
}

export interface FakeChainOptions {
  chainId: number;
  /** Signs `eth_sign` (what the mock connector turns `personal_sign` into); throws 4001 when absent. */
  signer?: PrivateKeyAccount;
  /** Logs of a mined Exchange call; default: a LogFill of everything asked. */
  receiptLogs?(tx: SentTransaction): Log[];
  /**
   * Result of a simulated Exchange call; default: the amount asked. Throw `revert(...)` to make the
   * call revert.
   */
  callResult?(functionName: string, args: readonly unknown[]): bigint;
}

/** An eth_call failure carrying revert data, as a node reports `execution reverted`. */
export function revert(data: Hex): Error {
  return Object.assign(new Error('execution reverted'), { rpcCode: 3, data });
}

/** The order an Exchange call was made for, rebuilt from its `address[5]`/`uint256[6]` arguments. */
export function orderOfCall(tx: Pick<SentTransaction, 'to' | 'args'>) {
  const [addresses, values] = tx.args as [readonly Address[], readonly bigint[]];
  const [maker, taker, makerTokenAddress, takerTokenAddress, feeRecipient] = addresses.map(
    (a) => a.toLowerCase() as Address,
  );
  const [
    makerTokenAmount = 0n,
    takerTokenAmount = 0n,
    makerFee = 0n,
    takerFee = 0n,
    expiration = 0n,
    salt = 0n,
  ] = values;
  const order = {
    exchangeContractAddress: tx.to.toLowerCase() as Address,
    maker: maker as Address,
    taker: taker as Address,
    makerTokenAddress: makerTokenAddress as Address,
    takerTokenAddress: takerTokenAddress as Address,
    feeRecipient: feeRecipient as Address,
    makerTokenAmount: String(makerTokenAmount),
    takerTokenAmount: String(takerTokenAmount),
    makerFee: String(makerFee),
    takerFee: String(takerFee),
    expirationUnixTimestampSec: String(expiration),
    salt: String(salt),
  };
  return { orderHash: hashOrder(order), makerTokenAmount, takerTokenAmount };
}

/**
 * A JSON-RPC node at the fetch boundary, enough for the order flows: ERC20 balances and allowances,
 * simulated and mined Exchange calls with configurable logs, and the wallet's eth_sign. Mount it as the
 * with `createTestNetwork`.
 */
export function createFakeChain(options: FakeChainOptions) {
  const balances = new Map<string, bigint>();
  const allowances = new Map<string, bigint>();
  const sent: SentTransaction[] = [];
  const receipts = new Map<Hex, { tx: SentTransaction; logs: Log[] }>();
  const key = (token: string, owner: string) => `${token.toLowerCase()}:${owner.toLowerCase()}`;

  async function answer(method: string, params: unknown[]): Promise<unknown> {
    const basic = answerChainBasics(method, options.chainId);
    if (basic !== undefined) return basic;
    switch (method) {
      case 'eth_sign': {
        if (!options.signer) throw Object.assign(new Error('User rejected the request.'), { rpcCode: 4001 });
        return options.signer.signMessage({ message: { raw: (params as [Address, Hex])[1] } });
      }
      case 'eth_call': {
        const { to, data } = params[0] as { to: Address; data: Hex; from?: Address };
        const call = decodeFunctionData({ abi, data });
        const args = (call.args ?? []) as readonly unknown[];
        const result = (() => {
          switch (call.functionName) {
            case 'balanceOf':
              return balances.get(key(to, args[0] as string)) ?? 0n;
            case 'allowance':
              return allowances.get(key(to, args[0] as string)) ?? 0n;
            case 'fillOrder':
              return options.callResult?.('fillOrder', args) ?? (args[2] as bigint);
            case 'cancelOrder':
              return options.callResult?.('cancelOrder', args) ?? (args[2] as bigint);
            case 'batchCancelOrders':
            case 'batchFillOrders':
              return undefined;
            default:
              throw new Error(`fake chain: eth_call of ${call.functionName} is not supported`);
          }
        })();
        return encodeFunctionResult({ abi, functionName: call.functionName, result } as never);
      }
      case 'eth_sendTransaction': {
        const request = params[0] as { from: Address; to: Address; data: Hex };
        const [from, to] = [request.from.toLowerCase() as Address, request.to.toLowerCase() as Address];
        const call = decodeFunctionData({ abi, data: request.data });
        const hash = toHex(sent.length + 1, { size: 32 });
        const tx = {
          from,
          to,
          functionName: call.functionName,
          args: (call.args ?? []) as readonly unknown[],
          hash,
        };
        sent.push(tx);
        if (call.functionName === 'approve') allowances.set(key(to, from), tx.args[1] as bigint);
        const logs = call.functionName === 'approve' ? [] : (options.receiptLogs?.(tx) ?? defaultLogs(tx));
        receipts.set(hash, { tx, logs });
        return hash;
      }
      case 'eth_getTransactionReceipt': {
        const mined = receipts.get((params as [Hex])[0]);
        if (!mined) return null;
        return {
          transactionHash: mined.tx.hash,
          transactionIndex: '0x0',
          blockHash: `0x${'a'.repeat(64)}`,
          blockNumber: '0x10',
          from: mined.tx.from,
          to: mined.tx.to,
          cumulativeGasUsed: '0x1',
          gasUsed: '0x1',
          effectiveGasPrice: '0x1',
          contractAddress: null,
          logsBloom: `0x${'0'.repeat(512)}`,
          status: '0x1',
          type: '0x2',
          logs: mined.logs.map((log, index) => ({
            ...log,
            blockNumber: '0x10',
            logIndex: toHex(index),
            transactionIndex: '0x0',
            transactionHash: mined.tx.hash,
          })),
        };
      }
      default:
        throw new Error(`fake chain: ${method} is not supported`);
    }
  }

  function defaultLogs(tx: SentTransaction): Log[] {
    if (tx.functionName === 'batchCancelOrders') {
      const [addresses, values, amounts] = tx.args as [
        readonly Address[][],
        readonly bigint[][],
        readonly bigint[],
      ];
      return addresses.map((orderAddresses, i) => {
        const { orderHash } = orderOfCall({ to: tx.to, args: [orderAddresses, values[i] ?? []] });
        return logCancelLog(tx.to, orderHash, amounts[i] ?? 0n);
      });
    }
    if (tx.functionName === 'batchFillOrders') {
      const [addresses, values, amounts] = tx.args as [
        readonly Address[][],
        readonly bigint[][],
        readonly bigint[],
      ];
      return addresses.map((orderAddresses, i) => {
        const order = orderOfCall({ to: tx.to, args: [orderAddresses, values[i] ?? []] });
        const filledTakerTokenAmount = amounts[i] ?? 0n;
        const filledMakerTokenAmount =
          (filledTakerTokenAmount * order.makerTokenAmount) / order.takerTokenAmount;
        return logFillLog(tx.to, order.orderHash, { filledMakerTokenAmount, filledTakerTokenAmount });
      });
    }
    const amount = tx.args[2] as bigint;
    const { orderHash, makerTokenAmount, takerTokenAmount } = orderOfCall(tx);
    if (tx.functionName === 'cancelOrder') return [logCancelLog(tx.to, orderHash, amount)];
    if (tx.functionName !== 'fillOrder') return [];
    const filledMakerTokenAmount = (amount * makerTokenAmount) / takerTokenAmount;
    return [logFillLog(tx.to, orderHash, { filledMakerTokenAmount, filledTakerTokenAmount: amount })];
  }

  /** Answers one JSON-RPC request body (or a batch) the way a node would. */
  async function rpc(body: unknown): Promise<unknown> {
    if (Array.isArray(body)) return Promise.all(body.map(rpc));
    const { id, method, params } = body as { id: number; method: string; params?: unknown[] };
    try {
      return { jsonrpc: '2.0', id, result: await answer(method, params ?? []) };
    } catch (err) {
      const { rpcCode = -32603, data } = err as { rpcCode?: number; data?: Hex };
      return { jsonrpc: '2.0', id, error: { code: rpcCode, message: (err as Error).message, data } };
    }
  }

  return {
    rpc,
    sent,
    setBalance: (token: string, owner: string, amount: bigint) => balances.set(key(token, owner), amount),
    setAllowance: (token: string, owner: string, amount: bigint) => allowances.set(key(token, owner), amount),
  };
}
