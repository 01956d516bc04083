import { orderToContractArgs } from '@relayer/protocol';
import { expect, test } from 'vitest';
import { orderRecord } from '../test/fixtures';
import { toBatchCancelCall } from './toBatchCancelCall';

test('one batchCancelOrders for all orders, each cancelling what remains of its taker amount', () => {
  const orders = [
    orderRecord({ remainingTakerTokenAmount: '200000000000000000' }),
    orderRecord({ makerTokenAmount: '5', takerTokenAmount: '7', remainingTakerTokenAmount: '3' }),
  ];
  const call = toBatchCancelCall(orders);
  expect(call.functionName).toBe('batchCancelOrders');
  const [addresses, values, amounts] = call.args;
  expect(addresses).toEqual(orders.map((o) => orderToContractArgs(o).orderAddresses));
  expect(values).toEqual(orders.map((o) => orderToContractArgs(o).orderValues));
  expect(amounts).toEqual([200_000_000_000_000_000n, 3n]);
});
