// @vitest-environment node
import { weth9Artifact } from '@relayer/contracts';
import { type AnvilInstance, startAnvil } from '@relayer/contracts/anvil';
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  type PublicClient,
  type WalletClient,
} from 'viem';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { estimateTx } from './estimateTx';
import { sendTrackedTx } from './sendTrackedTx';
import type { TxRequest } from './TxRequest';
import type { TxEvent } from './TxStatus';

let anvil: AnvilInstance;
let publicClient: PublicClient;
let walletClient: WalletClient;
let weth: Address;
/** Hashes the app's client asked the node about (eth_getTransactionByHash): it has seen them pending. */
const looked = new Set<string>();
let deployer: Address;
let user: Address;
const ether = 10n ** 18n;

beforeAll(async () => {
  anvil = await startAnvil({ port: 0, silent: true, accounts: 2 });
  // anvil's dev accounts are unlocked: it signs what they send, as a wallet would.
  [deployer, user] = (await createWalletClient({ transport: http(anvil.rpcUrl) }).getAddresses()) as [
    Address,
    Address,
  ];
  const chain = defineChain({
    id: anvil.chainId,
    name: 'anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvil.rpcUrl] } },
  });
  const transport = http(anvil.rpcUrl, {
    onFetchRequest: async (request) => {
      const body = (await request.clone().json()) as
        | { method: string; params: unknown[] }[]
        | { method: string; params: unknown[] };
      for (const call of Array.isArray(body) ? body : [body])
        if (call.method === 'eth_getTransactionByHash') looked.add(String(call.params[0]));
    },
  });
  publicClient = createPublicClient({ chain, transport, pollingInterval: 50 }) as PublicClient;
  walletClient = createWalletClient({ chain, transport: http(anvil.rpcUrl), account: user });
  const deploying = await createWalletClient({
    chain,
    transport: http(anvil.rpcUrl),
    account: deployer,
  }).deployContract({
    abi: weth9Artifact.abi,
    bytecode: weth9Artifact.bytecode,
  });
  const receipt = await publicClient.waitForTransactionReceipt({ hash: deploying });
  weth = receipt.contractAddress as Address;
});

afterAll(() => anvil?.stop());

beforeEach(() => rpc('evm_setAutomine', [true]));

function rpc(method: string, params: unknown[]): Promise<unknown> {
  return publicClient.request({ method, params } as never);
}

const deposit = (wei: bigint): TxRequest => ({
  address: weth,
  abi: weth9Artifact.abi,
  functionName: 'deposit',
  value: wei,
});
const withdraw = (wei: bigint): TxRequest => ({
  address: weth,
  abi: weth9Artifact.abi,
  functionName: 'withdraw',
  args: [wei],
});

function send(request: TxRequest, events: TxEvent[]) {
  return sendTrackedTx({
    publicClient,
    walletClient,
    account: user,
    request,
    onEvent: (e) => events.push(e),
  });
}

/** Resolves once the transaction is in the pool and the waiting client has seen it there. */
async function seenPending(events: TxEvent[]): Promise<Hex> {
  for (;;) {
    const sent = events.find((e) => e.type === 'sent');
    if (sent?.type === 'sent' && looked.has(sent.hash)) return sent.hash;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('estimateTx and sendTrackedTx on anvil', () => {
  test('the estimated cost is what the mined receipt paid, within a few per cent', async () => {
    const estimate = await estimateTx({ client: publicClient, account: user, request: deposit(ether) });
    if (estimate.kind !== 'cost') throw new Error('expected a cost');
    expect(estimate.eip1559).toBe(true);
    expect(estimate.costWei).toBe(estimate.gas * estimate.weiPerGas);
    const events: TxEvent[] = [];
    const { receipt, spedUpFrom } = await send(deposit(ether), events);
    expect(spedUpFrom).toBeUndefined();
    expect(receipt.effectiveGasPrice).toBe(estimate.weiPerGas);
    const paid = receipt.gasUsed * receipt.effectiveGasPrice;
    expect(Number(estimate.costWei - paid) / Number(paid)).toBeGreaterThanOrEqual(0);
    expect(Number(estimate.costWei - paid) / Number(paid)).toBeLessThan(0.05);
    expect(events.map((e) => e.type)).toEqual(['check', 'ask', 'sent', 'mined']);
    expect(
      await publicClient.readContract({
        address: weth,
        abi: weth9Artifact.abi,
        functionName: 'balanceOf',
        args: [user],
      }),
    ).toBeGreaterThanOrEqual(ether);
  });

  test('an unwrap of more WETH than the balance is refused in words and never reaches the wallet', async () => {
    const balance = await publicClient.readContract({
      address: weth,
      abi: weth9Artifact.abi,
      functionName: 'balanceOf',
      args: [user],
    });
    const estimate = await estimateTx({
      client: publicClient,
      account: user,
      request: withdraw(balance + 1n),
    });
    expect(estimate.kind).toBe('reverts');
    if (estimate.kind === 'reverts') {
      expect(estimate.error.message).toBe('Your token balance is too low');
      expect(estimate.error.errorName).toBe('InsufficientBalance');
    }
    const nonce = await publicClient.getTransactionCount({ address: user });
    const events: TxEvent[] = [];
    await expect(send(withdraw(balance + 1n), events)).rejects.toThrow('Your token balance is too low');
    expect(events).toEqual([{ type: 'check' }, { type: 'error', reason: 'Your token balance is too low' }]);
    expect(await publicClient.getTransactionCount({ address: user })).toBe(nonce);
  });

  test('a transaction sped up in the wallet is followed to the new hash and its receipt', async () => {
    await rpc('evm_setAutomine', [false]);
    const events: TxEvent[] = [];
    const sending = send(deposit(ether), events);
    const first = await seenPending(events);
    const original = await publicClient.getTransaction({ hash: first });
    // What a wallet's "speed up" sends: the same call and nonce at a higher fee.
    const second = (await rpc('eth_sendTransaction', [
      {
        from: user,
        to: original.to,
        data: original.input,
        value: `0x${original.value.toString(16)}`,
        nonce: `0x${original.nonce.toString(16)}`,
        maxFeePerGas: `0x${((original.maxFeePerGas ?? 0n) * 2n).toString(16)}`,
        maxPriorityFeePerGas: `0x${((original.maxPriorityFeePerGas ?? 0n) * 2n).toString(16)}`,
      },
    ])) as Hex;
    await rpc('evm_mine', []);
    const { receipt, spedUpFrom } = await sending;
    expect(spedUpFrom).toBe(first);
    expect(receipt.transactionHash).toBe(second);
    expect(receipt.status).toBe('success');
    expect(events.slice(2)).toEqual([
      { type: 'sent', hash: first },
      { type: 'replaced', reason: 'repriced', hash: second },
      { type: 'mined', hash: second, success: true },
    ]);
  });

  test('a transaction cancelled in the wallet is reported as not done', async () => {
    await rpc('evm_setAutomine', [false]);
    const events: TxEvent[] = [];
    const sending = send(deposit(ether), events);
    const settled = sending.then(
      () => 'done',
      (err: Error) => err.message,
    );
    const first = await seenPending(events);
    const original = await publicClient.getTransaction({ hash: first });
    // What a wallet's "cancel" sends: nothing to oneself under the same nonce, at a higher fee.
    const second = (await rpc('eth_sendTransaction', [
      {
        from: user,
        to: user,
        value: '0x0',
        nonce: `0x${original.nonce.toString(16)}`,
        maxFeePerGas: `0x${((original.maxFeePerGas ?? 0n) * 2n).toString(16)}`,
        maxPriorityFeePerGas: `0x${((original.maxPriorityFeePerGas ?? 0n) * 2n).toString(16)}`,
      },
    ])) as Hex;
    await rpc('evm_mine', []);
    expect(await settled).toBe('The transaction was cancelled in your wallet: nothing was done');
    expect(events.at(-1)).toEqual({ type: 'mined', hash: second, success: true });
    expect(events.at(-2)).toEqual({ type: 'replaced', reason: 'cancelled', hash: second });
  });
});
