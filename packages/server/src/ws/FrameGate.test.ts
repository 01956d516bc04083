import { expect, test } from 'vitest';
import { FrameGate } from './FrameGate.js';

function gateAt(options: { burst: number; perSecond: number; maxStrikes: number }) {
  let now = 0;
  const gate = new FrameGate({ ...options, now: () => now });
  return { gate, advance: (ms: number) => (now += ms) };
}

test('takes a burst, then answers the first frame over the rate once and drops the rest', () => {
  const { gate, advance } = gateAt({ burst: 3, perSecond: 10, maxStrikes: 100 });
  const verdicts = Array.from({ length: 6 }, () => gate.admit());
  expect(verdicts).toEqual(['accept', 'accept', 'accept', 'throttle', 'drop', 'drop']);
  advance(100);
  expect([gate.admit(), gate.admit()]).toEqual(['accept', 'throttle']);
  // Back under the rate, a later excess is answered again.
  advance(1_000);
  expect(Array.from({ length: 4 }, () => gate.admit())).toEqual(['accept', 'accept', 'accept', 'throttle']);
});

test('refills at the sustained rate and never beyond the burst', () => {
  const { gate, advance } = gateAt({ burst: 2, perSecond: 10, maxStrikes: 100 });
  advance(60_000);
  expect(Array.from({ length: 3 }, () => gate.admit())).toEqual(['accept', 'accept', 'throttle']);
  advance(250);
  expect(Array.from({ length: 4 }, () => gate.admit())).toEqual(['accept', 'accept', 'throttle', 'drop']);
});

test('closes after maxStrikes refused frames, over the rate or invalid', () => {
  const { gate } = gateAt({ burst: 1, perSecond: 1, maxStrikes: 4 });
  expect(gate.admit()).toBe('accept');
  expect(gate.strike()).toBe(false);
  expect([gate.admit(), gate.admit(), gate.admit()]).toEqual(['throttle', 'drop', 'close']);
});
