import {
  orderRecordSchema,
  signedOrderSchema,
  wsRemoveSchema,
  wsStateSchema,
  wsUpdateSchema,
} from '@relayer/protocol';
import { expect, test } from 'vitest';
import { sampleOrderRecord } from '../../test/helpers/sampleOrderRecord.js';
import { createEventFrames } from './createEventFrames.js';

const order = sampleOrderRecord();
const parse = (frame: Buffer) => JSON.parse(frame.toString('utf8'));

test('an added order is an SRA v0 update carrying only the SignedOrder on the orderbook channel', () => {
  const frames = createEventFrames({ type: 'added', network: 'main', order });
  const message = parse(frames('orderbook', 7));
  expect(wsUpdateSchema.parse(message)).toMatchObject({ type: 'update', channel: 'orderbook', requestId: 7 });
  expect(Object.keys(message.payload).sort()).toEqual(Object.keys(signedOrderSchema.shape).sort());
  expect(message.payload.ecSignature).toEqual(order.ecSignature);
});

test('an added order carries the full OrderRecord on the orders channel', () => {
  const message = parse(createEventFrames({ type: 'added', network: 'main', order })('orders', 1));
  expect(message).toMatchObject({ type: 'update', channel: 'orders', requestId: 1 });
  expect(orderRecordSchema.parse(message.payload)).toEqual(order);
});

test('updated and removed events become state and remove messages', () => {
  const common = {
    network: 'main',
    orderHash: order.orderHash,
    makerTokenAddress: order.makerTokenAddress,
    takerTokenAddress: order.takerTokenAddress,
  };
  const amounts = {
    remainingTakerTokenAmount: '500',
    remainingMakerTokenAmount: '250',
    fillableTakerTokenAmount: '400',
    fillableMakerTokenAmount: '200',
  };
  const state = parse(
    createEventFrames({ type: 'updated', ...common, state: 'open', ...amounts })('orderbook', 3),
  );
  expect(wsStateSchema.parse(state)).toEqual({
    type: 'state',
    channel: 'orderbook',
    requestId: 3,
    payload: { orderHash: order.orderHash, state: 'open', ...amounts },
  });
  const removed = parse(createEventFrames({ type: 'removed', ...common, state: 'filled' })('orders', 4));
  expect(wsRemoveSchema.parse(removed)).toEqual({
    type: 'remove',
    channel: 'orders',
    requestId: 4,
    payload: { orderHash: order.orderHash, state: 'filled' },
  });
});

test('serializes once per (channel, requestId): subscribers sharing a request id share one buffer', () => {
  const frames = createEventFrames({ type: 'added', network: 'main', order });
  expect(frames('orderbook', 1)).toBe(frames('orderbook', 1));
  expect(frames('orderbook', 2)).not.toBe(frames('orderbook', 1));
  expect(parse(frames('orderbook', 2)).requestId).toBe(2);
});
