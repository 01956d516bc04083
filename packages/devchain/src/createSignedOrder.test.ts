import { exchangeArtifact } from '@relayer/contracts';
import { hashOrder, isValidSignature, orderToContractArgs, signedOrderSchema } from '@relayer/protocol';
import {
  type Address,
  createPublicClient,
  createWalletClient,
  erc20Abi,
  type Hex,
  http,
  parseEventLogs,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSignedOrder } from './createSignedOrder.js';
import { type DevChain, startDevChain } from './startDevChain.js';

describe('createSignedOrder against the deployed Exchange', () => {
  let chain: DevChain;
  let maker: { address: Address; privateKey: Hex };
  let taker: { address: Address; privateKey: Hex };
  const token = (symbol: string) => {
    const found = chain.deployment.tokens.find((t) => t.symbol === symbol);
    if (!found) throw new Error(`${symbol} not deployed`);
    return found.address;
  };

  beforeAll(async () => {
    chain = await startDevChain({ port: 0 });
    const [, one, two] = chain.accounts;
    if (!one || !two) throw new Error('dev accounts missing');
    [maker, taker] = [one, two];
  });
  afterAll(() => chain?.stop());

  test('produces a schema-valid order whose hash and signature the Exchange accepts, and a fill moves exactly its amounts', async () => {
    const makerAmount = 10n * 10n ** 8n; // 10 WBTC (8 decimals)
    const takerAmount = 600_000n * 10n ** 6n; // for 600,000 USDC (6 decimals)
    const order = await createSignedOrder({
      deployment: chain.deployment,
      makerPrivateKey: maker.privateKey,
      makerToken: token('WBTC'),
      takerToken: token('USDC'),
      makerAmount,
      takerAmount,
    });
    expect(signedOrderSchema.parse(order)).toEqual(order);
    expect(order.maker).toBe(maker.address);
    expect([27, 28]).toContain(order.ecSignature.v);
    expect(isValidSignature(hashOrder(order), order.ecSignature, maker.address)).toBe(true);

    const client = createPublicClient({ transport: http(chain.rpcUrl) });
    const exchange = { address: chain.deployment.exchange, abi: exchangeArtifact.abi } as const;
    const { orderAddresses, orderValues } = orderToContractArgs(order);
    const hash = await client.readContract({
      ...exchange,
      functionName: 'getOrderHash',
      args: [orderAddresses, orderValues],
    });
    expect(hash).toBe(hashOrder(order));
    const { v, r, s } = order.ecSignature;
    expect(
      await client.readContract({
        ...exchange,
        functionName: 'isValidSignature',
        args: [order.maker, hash, v, r, s],
      }),
    ).toBe(true);

    const balances = async () => {
      const read = (tokenAddress: Address, owner: Address) =>
        client.readContract({
          address: tokenAddress,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [owner],
        });
      return Promise.all([
        read(token('WBTC'), maker.address),
        read(token('USDC'), maker.address),
        read(token('WBTC'), taker.address),
        read(token('USDC'), taker.address),
      ]);
    };
    const before = await balances();

    const wallet = createWalletClient({
      account: privateKeyToAccount(taker.privateKey),
      transport: http(chain.rpcUrl),
    });
    const txHash = await wallet.writeContract({
      ...exchange,
      chain: null,
      functionName: 'fillOrder',
      args: [orderAddresses, orderValues, takerAmount, true, v, r, s],
    });
    const receipt = await client.waitForTransactionReceipt({ hash: txHash, pollingInterval: 20 });
    expect(receipt.status).toBe('success');
    const [fill, ...others] = parseEventLogs({
      abi: exchangeArtifact.abi,
      logs: receipt.logs,
      eventName: 'LogFill',
    });
    expect(others).toEqual([]);
    expect(fill?.args).toMatchObject({
      orderHash: hash,
      filledMakerTokenAmount: makerAmount,
      filledTakerTokenAmount: takerAmount,
    });

    const [makerWbtc, makerUsdc, takerWbtc, takerUsdc] = before;
    expect(await balances()).toEqual([
      (makerWbtc ?? 0n) - makerAmount,
      (makerUsdc ?? 0n) + takerAmount,
      (takerWbtc ?? 0n) + makerAmount,
      (takerUsdc ?? 0n) - takerAmount,
    ]);
  });

  test('gives every order a fresh salt, so equal terms never collide', async () => {
    const terms = {
      deployment: chain.deployment,
      makerPrivateKey: maker.privateKey,
      makerToken: token('REP'),
      takerToken: token('WETH'),
      makerAmount: 1n,
      takerAmount: 1n,
    };
    const [a, b] = await Promise.all([createSignedOrder(terms), createSignedOrder(terms)]);
    expect(a.salt).not.toBe(b.salt);
    expect(hashOrder(a)).not.toBe(hashOrder(b));
  });
});
