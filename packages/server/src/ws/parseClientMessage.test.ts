import { expect, test } from 'vitest';
import { parseClientMessage } from './parseClientMessage.js';

const base = `0x${'0a'.repeat(20)}`;
const quote = `0x${'0b'.repeat(20)}`;
const frame = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value));

test('accepts an SRA v0 orderbook subscribe and an orders-channel subscribe', () => {
  const subscribe = {
    type: 'subscribe',
    channel: 'orderbook',
    requestId: 1,
    payload: { baseTokenAddress: base, quoteTokenAddress: quote, snapshot: true, limit: 10 },
  };
  expect(parseClientMessage(frame(subscribe))).toEqual({ ok: true, message: subscribe });
  const orders = parseClientMessage(frame({ type: 'subscribe', channel: 'orders', requestId: 2 }));
  expect(orders).toEqual({
    ok: true,
    message: { type: 'subscribe', channel: 'orders', requestId: 2, payload: {} },
  });
});

test('answers code 101 for text that is not JSON', () => {
  expect(parseClientMessage(frame('{"type": "subscribe"'))).toEqual({
    ok: false,
    error: { type: 'error', requestId: null, payload: { code: 101, reason: 'Malformed JSON' } },
  });
});

test('answers code 100 naming the field, echoing a usable requestId', () => {
  const result = parseClientMessage(
    frame({
      type: 'subscribe',
      channel: 'orderbook',
      requestId: 9,
      payload: { baseTokenAddress: 'nope', quoteTokenAddress: quote },
    }),
  );
  expect(result.ok).toBe(false);
  if (result.ok) return;
  expect(result.error.requestId).toBe(9);
  expect(result.error.payload.code).toBe(100);
  expect(result.error.payload.reason).toContain('payload.baseTokenAddress');
});

test('refuses an unknown channel, a missing requestId and an oversized frame with code 100', () => {
  for (const bad of [
    { type: 'subscribe', channel: 'candles', requestId: 1, payload: {} },
    { type: 'subscribe', channel: 'orders' },
    42,
    null,
  ]) {
    const result = parseClientMessage(frame(bad));
    expect(result.ok ? undefined : result.error.payload.code, JSON.stringify(bad)).toBe(100);
  }
  const huge = parseClientMessage(
    frame({ type: 'subscribe', channel: 'orders', requestId: 1, pad: 'x'.repeat(20_000) }),
  );
  expect(huge.ok ? undefined : huge.error.payload).toEqual({
    code: 100,
    reason: 'Message larger than 16384 bytes',
  });
});

test('accepts a trades subscribe with no filter, a market, a trader or both; refuses half a market', () => {
  const trader = `0x${'0c'.repeat(20)}`;
  for (const payload of [
    {},
    { baseTokenAddress: base, quoteTokenAddress: quote },
    { trader },
    { trader, baseTokenAddress: base, quoteTokenAddress: quote },
  ]) {
    const message = { type: 'subscribe', channel: 'trades', requestId: 3, payload };
    expect(parseClientMessage(frame(message))).toEqual({ ok: true, message });
  }
  const half = parseClientMessage(
    frame({ type: 'subscribe', channel: 'trades', requestId: 4, payload: { baseTokenAddress: base } }),
  );
  expect(half.ok ? undefined : half.error.payload.code).toBe(100);
  expect(half.ok ? '' : half.error.payload.reason).toContain('payload.quoteTokenAddress');
  const badTrader = parseClientMessage(
    frame({ type: 'subscribe', channel: 'trades', requestId: 5, payload: { trader: 'nope' } }),
  );
  expect(badTrader.ok ? '' : badTrader.error.payload.reason).toContain('payload.trader');
});
