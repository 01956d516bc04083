import { expect, test } from 'vitest';
import { orderBookSocketUrl, reconnectDelay } from './orderBookSocketUrl';

test('turns the relayer URL into its WebSocket URL, keeping the network prefix', () => {
  expect(orderBookSocketUrl('http://127.0.0.1:3000')).toBe('ws://127.0.0.1:3000/v0/ws');
  expect(orderBookSocketUrl('https://api.relayer.test/kovan/')).toBe('wss://api.relayer.test/kovan/v0/ws');
});

test('backs off exponentially up to a cap', () => {
  const delays = [0, 1, 2, 3, 4, 5, 6, 20].map((attempt) => reconnectDelay(attempt, () => 0));
  expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  expect(reconnectDelay(10, () => 1)).toBe(22500);
});
