import { dummyTokenArtifact } from '@relayer/contracts';
import { connectWallet, createSignedOrder } from '@relayer/devchain';
import { type QuoteResponse, quoteResponseSchema } from '@relayer/protocol';
import type { FastifyInstance } from 'fastify';
import { type Address, erc20Abi, type Hex, maxUint256 } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { encodeQuoteCall } from '../../src/quote/encodeQuoteCall.js';
import { type TestChain, useChainApp } from './chainApp.js';

export interface QuoteKitOptions {
  t: TestChain;
  app: FastifyInstance;
  /** The relayer's fee policy, which every order must carry. */
  fees: { feeRecipient: Address; makerFee: bigint; takerFee: bigint };
}

/** What the quote tests do on the chain and to the relayer, in a few words each. */
export function quoteKit({ t, app, fees }: QuoteKitOptions) {
  const wallet = (i: number) =>
    connectWallet(t.chain.rpcUrl, privateKeyToAccount(t.key(i)), { pollingInterval: 20 });
  const mined = async (i: number, send: (w: Awaited<ReturnType<typeof wallet>>) => Promise<Hex>) => {
    const w = await wallet(i);
    const receipt = await w.waitForTransactionReceipt({ hash: await send(w) });
    if (receipt.status !== 'success') throw new Error('transaction reverted');
    return receipt;
  };
  return {
    /** Signs an order of dev account `maker` (makerAmount of makerToken for takerAmount of takerToken) and submits it. */
    async make(
      maker: number,
      makerToken: Address,
      takerToken: Address,
      makerAmount: bigint,
      takerAmount: bigint,
    ) {
      const order = await createSignedOrder({
        deployment: t.chain.deployment,
        makerPrivateKey: t.key(maker),
        makerToken,
        takerToken,
        makerAmount,
        takerAmount,
        feeRecipient: fees.feeRecipient,
        makerFee: fees.makerFee,
        takerFee: fees.takerFee,
      });
      const response = await app.inject({ method: 'POST', url: '/order/new', payload: order });
      if (response.statusCode !== 201) throw new Error(`order refused: ${response.body}`);
      return order;
    },
    /** The owner (account 0) sets a test token's balance. */
    setBalance: (token: Address, owner: Address, value: bigint) =>
      mined(0, (w) =>
        w.writeContract({
          address: token,
          abi: dummyTokenArtifact.abi,
          functionName: 'setBalance',
          args: [owner, value],
        }),
      ),
    approve: (owner: number, token: Address, amount: bigint = maxUint256) => t.approve(owner, token, amount),
    balanceOf: async (token: Address, owner: Address) =>
      (await wallet(0)).readContract({
        address: token,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [owner],
      }),
    async quote(query: Record<string, string>): Promise<QuoteResponse> {
      const response = await app.inject({ url: `/quote?${new URLSearchParams(query)}` });
      if (response.statusCode !== 200) throw new Error(`quote refused: ${response.body}`);
      return quoteResponseSchema.parse(response.json());
    },
    /** Sends the quote's Exchange call from dev account `taker`, as the web app does; its receipt. */
    execute: (quote: QuoteResponse, taker: number) =>
      mined(taker, (w) =>
        w.sendTransaction({
          to: quote.exchange,
          data: encodeQuoteCall({
            exchangeCall: quote.exchangeCall,
            orders: quote.orders.map((o) => ({ order: o.order, fillTakerAmount: BigInt(o.fillTakerAmount) })),
            fillTakerAmount: BigInt(quote.fillTakerAmount),
          }),
          gas: BigInt(quote.gas) * 2n,
        }),
      ),
  };
}

export type QuoteKit = ReturnType<typeof quoteKit>;

/** The quote tests' fee policy: every order carries these fees, paid to dev account 9. */
export const QUOTE_MAKER_FEE = 10n ** 15n;
export const QUOTE_TAKER_FEE = 2n * 10n ** 15n;

/** A chain app whose relayer asks the quote tests' fees, and the quote kit over it (for this file's tests). */
export function useQuoteApp() {
  const { t, app } = useChainApp((base, chain) => ({
    ...base,
    fees: {
      feeRecipient: chain.address(9),
      makerFee: QUOTE_MAKER_FEE.toString(),
      takerFee: QUOTE_TAKER_FEE.toString(),
    },
  }));
  const kit = () =>
    quoteKit({
      t,
      app,
      fees: { feeRecipient: t.address(9), makerFee: QUOTE_MAKER_FEE, takerFee: QUOTE_TAKER_FEE },
    });
  return { t, app, kit };
}
