import { describe, expect, test } from 'vitest';
import { orderPage, orderRecord } from '../test/fixtures';
import { removeMessage } from '../test/removeMessage';
import { applyOrderBookMessage } from './applyOrderBookMessage';

describe('applyOrderBookMessage', () => {
  const a = orderRecord();
  const b = orderRecord();
  const page = orderPage([a, b], { total: 7 });

  test('removes a removed order and counts it out of the total', () => {
    const next = applyOrderBookMessage(page, removeMessage('orders', a.orderHash, 'filled'));
    expect(next.orders.map((o) => o.orderHash)).toEqual([b.orderHash]);
    expect(next.total).toBe(6);
  });

  test('updates remaining amounts of a partly filled order', () => {
    const amounts = {
      remainingTakerTokenAmount: '1',
      remainingMakerTokenAmount: '5',
      fillableTakerTokenAmount: '1',
      fillableMakerTokenAmount: '5',
    };
    const next = applyOrderBookMessage(page, {
      type: 'state',
      channel: 'orders',
      requestId: 1,
      payload: { orderHash: b.orderHash, state: 'open', ...amounts },
    });
    expect(next.orders[1]).toMatchObject({ ...amounts, state: 'open', orderHash: b.orderHash });
    expect(next.orders[0]).toBe(a);
  });

  test('drops an order whose state left open', () => {
    const next = applyOrderBookMessage(page, {
      type: 'state',
      channel: 'orders',
      requestId: 1,
      payload: {
        orderHash: b.orderHash,
        state: 'unfunded',
        remainingTakerTokenAmount: '1',
        remainingMakerTokenAmount: '1',
        fillableTakerTokenAmount: '0',
        fillableMakerTokenAmount: '0',
      },
    });
    expect(next.orders).toEqual([a]);
  });

  test('leaves the page alone for orders not on it and for new orders', () => {
    const gone = {
      type: 'remove',
      channel: 'orders',
      requestId: 1,
      payload: { orderHash: `0x${'9'.repeat(64)}`, state: 'filled' },
    } as const;
    expect(applyOrderBookMessage(page, gone)).toBe(page);
    expect(
      applyOrderBookMessage(page, {
        type: 'update',
        channel: 'orders',
        requestId: 1,
        payload: orderRecord(),
      }),
    ).toBe(page);
  });
});
