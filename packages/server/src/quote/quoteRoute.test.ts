import { errorResponseSchema, MAX_UINT256 } from '@relayer/protocol';
import { describe, expect, test } from 'vitest';
import { QUOTE_TAKER_FEE, useQuoteApp } from '../../test/helpers/quoteKit.js';
import { QUOTE_GAS_BASE, QUOTE_GAS_PER_ORDER } from './estimateQuoteGas.js';

const E18 = 10n ** 18n;
const TAKER = 4;

const { t, app, kit } = useQuoteApp();
const token = (symbol: string) => t.token(symbol).address;

describe('refuses bad input with a coded 400 naming the field', () => {
  const cases: [string, Record<string, string>, string, number][] = [
    ['an unknown parameter', { extra: '1' }, 'extra', 1006],
    ['a checksummed address', { sellToken: '0xAbCdEf0000000000000000000000000000000000' }, 'sellToken', 1002],
    ['a missing token', { buyToken: '' }, 'buyToken', 1000],
    ['neither amount', { sellAmount: '' }, 'sellAmount', 1000],
    ['both amounts', { buyAmount: '5' }, 'buyAmount', 1001],
    ['an amount of 0', { sellAmount: '0' }, 'sellAmount', 1004],
    ['an amount above uint256', { sellAmount: (MAX_UINT256 + 1n).toString() }, 'sellAmount', 1004],
    ['a fractional amount', { sellAmount: '1.5' }, 'sellAmount', 1001],
    ['a bad taker address', { takerAddress: '0x12' }, 'takerAddress', 1002],
  ];
  test.each(cases)('%s', async (_name, change, field, code) => {
    const query: Record<string, string> = {
      sellToken: token('WETH'),
      buyToken: token('REP'),
      sellAmount: '1000',
      ...change,
    };
    for (const [key, value] of Object.entries(query)) if (value === '') delete query[key];
    const response = await app.inject({ url: `/quote?${new URLSearchParams(query)}` });
    expect(response.statusCode).toBe(400);
    const body = errorResponseSchema.parse(response.json());
    expect(body.code).toBe(100);
    expect(body.validationErrors?.[0]).toMatchObject({ field, code });
  });

  test('the same token on both sides', async () => {
    const weth = token('WETH');
    const response = await app.inject({ url: `/quote?sellToken=${weth}&buyToken=${weth}&sellAmount=1` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'ORDER_SAME_TOKEN',
      validationErrors: [{ field: 'buyToken', code: 1004 }],
    });
  });

  test('a token the relayer does not list', async () => {
    const unlisted = `0x${'12'.repeat(20)}`;
    const response = await app.inject({
      url: `/quote?sellToken=${unlisted}&buyToken=${token('REP')}&sellAmount=1`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'UNKNOWN_TOKEN',
      validationErrors: [{ field: 'sellToken', code: 1003 }],
    });
  });
});

test('an empty side: no orders, nothing available, no prices', async () => {
  const quote = await kit().quote({ sellToken: token('USDC'), buyToken: token('DGD'), buyAmount: '777' });
  expect(quote).toMatchObject({
    orders: [],
    complete: false,
    shortfall: '777',
    sellAmount: '0',
    buyAmount: '0',
    price: null,
    worstPrice: null,
    bestPrice: null,
    gas: '0',
    exchange: t.chain.deployment.exchange.toLowerCase(),
  });
});

test('a complete quote over two makers fills on chain exactly what it promised', async () => {
  const k = kit();
  const rep = token('REP');
  const weth = token('WETH');
  // 5 REP per WETH, then 4: the better one first, then 10 WETH of the second.
  const worse = await k.make(2, rep, weth, 100n * E18, 25n * E18);
  const better = await k.make(1, rep, weth, 100n * E18, 20n * E18);
  await k.approve(TAKER, weth);
  await k.approve(TAKER, token('ZRX'));
  const quote = await k.quote({
    sellToken: weth,
    buyToken: rep,
    sellAmount: (30n * E18).toString(),
    takerAddress: t.address(TAKER),
  });
  expect(quote.orders.map((o) => o.order.salt)).toEqual([better.salt, worse.salt]);
  expect(quote.orders.map((o) => [o.fillTakerAmount, o.makerAmount, o.takerFee])).toEqual([
    [(20n * E18).toString(), (100n * E18).toString(), QUOTE_TAKER_FEE.toString()],
    [(10n * E18).toString(), (40n * E18).toString(), ((QUOTE_TAKER_FEE * 10n) / 25n).toString()],
  ]);
  expect(quote).toMatchObject({
    sellAmount: (30n * E18).toString(),
    buyAmount: (140n * E18).toString(),
    price: '4.66666666666666666',
    bestPrice: '5',
    worstPrice: '4',
    complete: true,
    shortfall: '0',
    takerFee: (QUOTE_TAKER_FEE + (QUOTE_TAKER_FEE * 10n) / 25n).toString(),
    exchangeCall: 'fillOrdersUpTo',
    fillTakerAmount: (30n * E18).toString(),
  });
  const taker = t.address(TAKER);
  const before = await Promise.all([k.balanceOf(rep, taker), k.balanceOf(weth, taker)]);
  const receipt = await k.execute(quote, TAKER);
  console.log(`quote route: 2 orders, estimated ${quote.gas} gas, used ${receipt.gasUsed}`);
  const after = await Promise.all([k.balanceOf(rep, taker), k.balanceOf(weth, taker)]);
  expect(after[0] - before[0]).toBe(140n * E18);
  expect(before[1] - after[1]).toBe(30n * E18);
  // The estimate came from the node for a funded taker: within a few % of what the call used.
  expect(Number(receipt.gasUsed)).toBeLessThanOrEqual(Number(quote.gas));
  expect(Number(receipt.gasUsed)).toBeGreaterThan(Number(quote.gas) * 0.9);
});

test("an incomplete quote, and one maker's funds shared by their two orders", async () => {
  const k = kit();
  const mkr = token('MKR');
  const weth = token('WETH');
  const maker = t.address(3);
  // Two orders of 10 MKR at 1 MKR per WETH, but the maker holds 15 MKR: the second can take 5.
  await k.make(3, mkr, weth, 10n * E18, 10n * E18);
  await k.make(3, mkr, weth, 10n * E18, 10n * E18);
  await k.setBalance(mkr, maker, 15n * E18);
  const quote = await k.quote({ sellToken: weth, buyToken: mkr, buyAmount: (18n * E18).toString() });
  expect(quote.orders.map((o) => o.makerAmount)).toEqual([(10n * E18).toString(), (5n * E18).toString()]);
  expect(quote).toMatchObject({
    buyAmount: (15n * E18).toString(),
    sellAmount: (15n * E18).toString(),
    complete: false,
    shortfall: (3n * E18).toString(),
    price: '1',
    // The second order is not filled to all that remains of it, but it is the last: the walk of
    // fillOrdersUpTo stops at the total.
    exchangeCall: 'fillOrdersUpTo',
  });
  // Without a taker the gas is the per-order formula.
  expect(quote.gas).toBe((QUOTE_GAS_BASE + 2n * QUOTE_GAS_PER_ORDER).toString());
});

test('is in the OpenAPI document with its parameters, under every network prefix', async () => {
  const spec = (await app.inject('/docs/json')).json();
  const operation = spec.paths['/quote']?.get;
  expect(operation).toBeDefined();
  const names = operation.parameters.map((p: { name: string }) => p.name);
  expect(names).toEqual(
    expect.arrayContaining(['sellToken', 'buyToken', 'sellAmount', 'buyAmount', 'takerAddress']),
  );
  expect(Object.keys(operation.responses['200'].content['application/json'].schema.properties)).toContain(
    'exchangeCall',
  );
});

test("the taker's own orders are left out", async () => {
  const k = kit();
  const gnt = token('GNT');
  const weth = token('WETH');
  await k.make(1, gnt, weth, 1000n * E18, E18);
  const other = await k.make(2, gnt, weth, 500n * E18, E18);
  const quote = await k.quote({
    sellToken: weth,
    buyToken: gnt,
    sellAmount: E18.toString(),
    takerAddress: t.address(1),
  });
  expect(quote.orders.map((o) => o.order.salt)).toEqual([other.salt]);
  expect(quote.bestPrice).toBe('500');
  const anyone = await k.quote({ sellToken: weth, buyToken: gnt, sellAmount: E18.toString() });
  expect(anyone.bestPrice).toBe('1000');
});
