import { orderToContractArgs } from '@relayer/protocol';
import { describe, expect, test } from 'vitest';
import { WETH, ZRX } from '../test/fixtures';
import { marketQuote, quotedOrder } from '../test/quoteFixtures';
import { buildMarketOrderCall } from './buildMarketOrderCall';

const order = (salt: string, fillTakerAmount: bigint) =>
  quotedOrder(
    { salt, makerTokenAddress: ZRX.address, takerTokenAddress: WETH.address },
    { fillTakerAmount, makerAmount: fillTakerAmount * 5n },
  );

describe('buildMarketOrderCall', () => {
  const orders = [order('1', 7n), order('2', 11n)];

  test('a quote answered with fillOrdersUpTo is sent as batchFillOrders with each order’s amount', () => {
    const call = buildMarketOrderCall(
      marketQuote(orders, { exchangeCall: 'fillOrdersUpTo', fillTakerAmount: '18' }),
    );
    expect(call.functionName).toBe('batchFillOrders');
    const [addresses, values, amounts, shouldThrow, v, r, s] = call.args;
    expect(addresses).toEqual(orders.map((used) => orderToContractArgs(used.order).orderAddresses));
    expect(values).toEqual(orders.map((used) => orderToContractArgs(used.order).orderValues));
    // Never the total: a skipped order's share must not go to the orders after it.
    expect(amounts).toEqual([7n, 11n]);
    expect(shouldThrow).toBe(false);
    expect([v, r, s]).toEqual([
      orders.map((used) => used.order.ecSignature.v),
      orders.map((used) => used.order.ecSignature.r),
      orders.map((used) => used.order.ecSignature.s),
    ]);
  });

  test('a batchFillOrders quote is sent as it is, never throwing on a short balance or allowance', () => {
    const call = buildMarketOrderCall(marketQuote(orders, { exchangeCall: 'batchFillOrders' }));
    expect(call.functionName).toBe('batchFillOrders');
    expect(call.args[2]).toEqual([7n, 11n]);
    expect(call.args[3]).toBe(false);
  });
});
