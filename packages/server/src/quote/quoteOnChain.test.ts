import { exchangeArtifact } from '@relayer/contracts';
import { connectWallet } from '@relayer/devchain';
import {
  getRemainingFillableAmounts,
  hashOrder,
  isRoundingError,
  type QuoteResponse,
  type SignedOrder,
} from '@relayer/protocol';
import fc from 'fast-check';
import { type Address, createTestClient, erc20Abi, http, maxUint256 } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { beforeAll, expect, test } from 'vitest';
import { QUOTE_MAKER_FEE, useQuoteApp } from '../../test/helpers/quoteKit.js';
import { TEST_SEED } from '../../test/helpers/testSeed.js';

/**
 * The quote against the real contracts on anvil: random books of three makers whose balances and
 * allowances (of REP and of ZRX for the maker fee) are shared by their orders, random amounts asked.
 * Each run's chain changes are reverted (the orders stay in the book, and are fillable again in later
 * runs). Seeded: the seed is printed, and FC_SEED=<seed> replays a run.
 */
const RUNS = 6;
const E18 = 10n ** 18n;
const MAKERS = [1, 2, 3];
const TAKER = 4;

const { t, app, kit } = useQuoteApp();

const anOrder = fc.record({
  maker: fc.constantFrom(...MAKERS),
  makerAmount: fc.bigInt({ min: E18 / 10n, max: 50n * E18 }),
  takerAmount: fc.bigInt({ min: E18 / 100n, max: 10n * E18 }),
});
/** A maker's funds after the orders are made: some ample, some short, some nothing. */
const someFunds = fc.oneof(
  fc.constant(maxUint256),
  fc.bigInt({ min: 0n, max: 60n * E18 }),
  fc.bigInt({ min: 0n, max: 10n ** 6n }),
);
const someFeeFunds = fc.oneof(fc.constant(maxUint256), fc.bigInt({ min: 0n, max: 3n * QUOTE_MAKER_FEE }));
const anAsk = fc.oneof(
  fc.record({ side: fc.constant('sellAmount' as const), amount: fc.bigInt({ min: 1n, max: 40n * E18 }) }),
  fc.record({ side: fc.constant('buyAmount' as const), amount: fc.bigInt({ min: 1n, max: 200n * E18 }) }),
  fc.record({
    side: fc.constantFrom('sellAmount' as const, 'buyAmount' as const),
    amount: fc.bigInt({ min: 1n, max: 5000n }),
  }),
);
const aRun = fc.record({
  orders: fc.array(anOrder, { minLength: 2, maxLength: 6 }),
  funds: fc.array(fc.record({ balance: someFunds, allowance: someFunds, zrxAllowance: someFeeFunds }), {
    minLength: 3,
    maxLength: 3,
  }),
  ask: anAsk,
});

let anvil: ReturnType<typeof createTestClient>;
beforeAll(async () => {
  anvil = createTestClient({ mode: 'anvil', transport: http(t.chain.rpcUrl) });
  const k = kit();
  await k.approve(TAKER, t.token('WETH').address);
  await k.approve(TAKER, t.token('ZRX').address);
});

const price = (order: SignedOrder) => ({
  m: BigInt(order.makerTokenAmount),
  t: BigInt(order.takerTokenAmount),
});
/** a's price (maker token per taker token) is strictly better for the taker than b's. */
const better = (a: SignedOrder, b: SignedOrder) => price(a).m * price(b).t > price(b).m * price(a).t;

test('property: executing a quote fills exactly what it promised, best price first', async () => {
  console.log(`quote on chain: seed ${TEST_SEED} (replay with FC_SEED=${TEST_SEED})`);
  const k = kit();
  const rep = t.token('REP').address;
  const weth = t.token('WETH').address;
  const zrx = t.token('ZRX').address;
  const taker = t.address(TAKER);
  const calls = { fillOrdersUpTo: 0, batchFillOrders: 0, empty: 0, incomplete: 0 };
  const gasByOrders = new Map<number, bigint[]>();
  await fc.assert(
    fc.asyncProperty(aRun, async (run) => {
      const snapshot = await anvil.snapshot();
      try {
        for (const o of run.orders) await k.make(o.maker, rep, weth, o.makerAmount, o.takerAmount);
        for (const [i, funds] of run.funds.entries()) {
          const maker = MAKERS[i] as number;
          await k.setBalance(
            rep,
            t.address(maker),
            funds.balance === maxUint256 ? 10n ** 24n : funds.balance,
          );
          await k.approve(maker, rep, funds.allowance);
          await k.approve(maker, zrx, funds.zrxAllowance);
        }
        const quote = await k.quote({
          sellToken: weth,
          buyToken: rep,
          [run.ask.side]: run.ask.amount.toString(),
          takerAddress: taker,
        });
        expectTotals(quote, run.ask);
        if (quote.orders.length === 0) {
          calls.empty++;
          return;
        }
        calls[quote.exchangeCall]++;
        if (!quote.complete) calls.incomplete++;

        // (a) The chain fills exactly what the quote promised, order by order and in total.
        const filledBefore = await Promise.all(quote.orders.map((o) => filled(o.orderHash)));
        const before = await Promise.all([rep, weth, zrx].map((token) => k.balanceOf(token, taker)));
        const receipt = await k.execute(quote, TAKER);
        const after = await Promise.all([rep, weth, zrx].map((token) => k.balanceOf(token, taker)));
        const filledAfter = await Promise.all(quote.orders.map((o) => filled(o.orderHash)));
        expect(quote.orders.map((_, i) => (filledAfter[i] as bigint) - (filledBefore[i] as bigint))).toEqual(
          quote.orders.map((o) => BigInt(o.fillTakerAmount)),
        );
        expect((after[0] as bigint) - (before[0] as bigint)).toBe(BigInt(quote.buyAmount));
        expect((before[1] as bigint) - (after[1] as bigint)).toBe(BigInt(quote.sellAmount));
        expect((before[2] as bigint) - (after[2] as bigint)).toBe(BigInt(quote.takerFee));
        const used = gasByOrders.get(quote.orders.length) ?? [];
        gasByOrders.set(quote.orders.length, [...used, receipt.gasUsed]);

        // (b) No better order is left with something it could still fill in place of a worse one.
        await expectNoBetterOrderLeft(quote, rep, weth);
      } finally {
        await anvil.revert({ id: snapshot });
      }
    }),
    { numRuns: RUNS, endOnFailure: true },
  );
  console.log('quote on chain: calls', calls, 'gas used by orders filled', Object.fromEntries(gasByOrders));
}, 240_000);

/** (c) sellAmount and buyAmount are the sums of the fills, price their ratio, shortfall what is missing. */
function expectTotals(quote: QuoteResponse, ask: { side: 'sellAmount' | 'buyAmount'; amount: bigint }) {
  const sum = (of: (o: QuoteResponse['orders'][number]) => string) =>
    quote.orders.reduce((total, o) => total + BigInt(of(o)), 0n);
  const sell = sum((o) => o.fillTakerAmount);
  const buy = sum((o) => o.makerAmount);
  expect(BigInt(quote.sellAmount)).toBe(sell);
  expect(BigInt(quote.buyAmount)).toBe(buy);
  expect(BigInt(quote.takerFee)).toBe(sum((o) => o.takerFee));
  const got = ask.side === 'sellAmount' ? sell : buy;
  expect(BigInt(quote.shortfall)).toBe(got >= ask.amount ? 0n : ask.amount - got);
  expect(quote.complete).toBe(got >= ask.amount);
  if (ask.side === 'sellAmount') expect(sell).toBeLessThanOrEqual(ask.amount);
  for (const o of quote.orders) {
    const { m, t: tk } = price(o.order);
    expect(BigInt(o.makerAmount)).toBe((BigInt(o.fillTakerAmount) * m) / tk);
  }
  if (quote.price === null) {
    expect(quote.orders).toEqual([]);
    return;
  }
  // Both tokens have 18 decimals: price = buy / sell, floored at its 18th significant digit.
  const [whole = '', fraction = ''] = quote.price.split('.');
  const units = BigInt(whole + fraction);
  const scale = 10n ** BigInt(fraction.length);
  const ulp = 10n ** BigInt(Math.max(0, units.toString().length - 18));
  expect(units * sell).toBeLessThanOrEqual(buy * scale);
  expect((units + ulp) * sell).toBeGreaterThan(buy * scale);
  for (let i = 1; i < quote.orders.length; i++) {
    const previous = quote.orders[i - 1]?.order as SignedOrder;
    expect(better(quote.orders[i]?.order as SignedOrder, previous)).toBe(false);
  }
}

async function filled(orderHash: `0x${string}`): Promise<bigint> {
  return (await kitClient()).readContract({
    address: t.chain.deployment.exchange,
    abi: exchangeArtifact.abi,
    functionName: 'filled',
    args: [orderHash],
  });
}

const kitClient = () => connectWallet(t.chain.rpcUrl, privateKeyToAccount(t.key(0)));

/**
 * After the fill, every open order priced strictly better than an order the quote used must have had
 * no more to give in that order's place: its one fill (what the quote gave it, plus up to the taker
 * amount the worse orders took) would have needed more than its maker had, or been refused by the
 * rounding rule. Its maker's funds then are what is left now plus what its own fill used.
 */
async function expectNoBetterOrderLeft(quote: QuoteResponse, rep: Address, weth: Address) {
  const response = await app.inject({
    url: `/v0/orders?makerTokenAddress=${rep}&takerTokenAddress=${weth}&per_page=100`,
  });
  const book = response.json() as SignedOrder[];
  const client = await kitClient();
  const proxy = t.chain.deployment.tokenTransferProxy;
  const zrx = t.token('ZRX').address;
  const exchange = { address: t.chain.deployment.exchange, abi: exchangeArtifact.abi } as const;
  for (const candidate of book) {
    const movable = quote.orders
      .filter((o) => better(candidate, o.order))
      .reduce((total, o) => total + BigInt(o.fillTakerAmount), 0n);
    if (movable === 0n) continue;
    const hash = hashOrder(candidate);
    const own = quote.orders.find((o) => o.orderHash === hash);
    const given = BigInt(own?.fillTakerAmount ?? '0');
    const { m, t: tk } = price(candidate);
    const ownFee = (given * BigInt(candidate.makerFee)) / tk;
    const owner = candidate.maker;
    const [done, cancelled, balance, allowance, zrxBalance, zrxAllowance] = await Promise.all([
      filled(hash),
      client.readContract({ ...exchange, functionName: 'cancelled', args: [hash] }),
      client.readContract({ address: rep, abi: erc20Abi, functionName: 'balanceOf', args: [owner] }),
      client.readContract({ address: rep, abi: erc20Abi, functionName: 'allowance', args: [owner, proxy] }),
      client.readContract({ address: zrx, abi: erc20Abi, functionName: 'balanceOf', args: [owner] }),
      client.readContract({ address: zrx, abi: erc20Abi, functionName: 'allowance', args: [owner, proxy] }),
    ]);
    const ownMaker = BigInt(own?.makerAmount ?? '0');
    const { fillableTakerTokenAmount: whole } = getRemainingFillableAmounts({
      order: candidate,
      unavailableTakerAmount: done - given + cancelled,
      makerBalance: balance + ownMaker,
      makerAllowance: allowance === maxUint256 ? allowance : allowance + ownMaker,
      makerZrxBalance: zrxBalance + ownFee,
      makerZrxAllowance: zrxAllowance === maxUint256 ? zrxAllowance : zrxAllowance + ownFee,
      zrxAddress: zrx,
    });
    const extra = whole > given ? whole - given : 0n;
    const more = movable < extra ? movable : extra;
    const fillable = more > 0n && !isRoundingError(given + more, tk, m);
    expect(fillable, `order ${hash} is better than one used and could have taken ${more} more`).toBe(false);
  }
}
