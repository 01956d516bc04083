import { expect, test } from 'vitest';
import { type BookEvent, BookEvents } from './BookEvents.js';

const event: BookEvent = { type: 'changed', network: 'main', orderHashes: ['0x01'] };
const other: BookEvent = { type: 'tokensChanged', network: 'main' };

function listeners(events: BookEvents) {
  const early: BookEvent[] = [];
  const late: BookEvent[] = [];
  const stops = [
    events.subscribe((e) => early.push(e), { early: true }),
    events.subscribe((e) => late.push(e)),
  ];
  return {
    early,
    late,
    stop: () => {
      for (const stop of stops) stop();
    },
  };
}

test('without a bridge, early and late listeners get a published event at once, once', async () => {
  const events = new BookEvents();
  const seen = listeners(events);
  await events.publish(event);
  expect(seen.early).toEqual([event]);
  expect(seen.late).toEqual([event]);
});

test('bridged, an early listener gets an own event at publish and a late one when it comes back', async () => {
  const events = new BookEvents();
  const sent: BookEvent[] = [];
  events.setRemote(async (e) => void sent.push(e));
  const seen = listeners(events);
  await events.publish(event);
  expect(sent).toEqual([event]);
  expect(seen.early).toEqual([event]);
  expect(seen.late).toEqual([]);
  // Back through NOTIFY: only the listeners that have not had it.
  events.emitOwn(event);
  expect(seen.early).toEqual([event]);
  expect(seen.late).toEqual([event]);
  // Another instance's event reaches both.
  events.emitLocal(other);
  expect(seen.early).toEqual([event, other]);
  expect(seen.late).toEqual([event, other]);
});

test('an unsubscribed listener hears nothing more, on either channel', async () => {
  const events = new BookEvents();
  const seen = listeners(events);
  seen.stop();
  await events.publish(event);
  events.emitOwn(event);
  events.emitLocal(other);
  expect(seen.early).toEqual([]);
  expect(seen.late).toEqual([]);
});

test('a listener that throws makes publish reject, never throw', async () => {
  const events = new BookEvents();
  events.subscribe(() => {
    throw new Error('listener failed');
  });
  await expect(events.publish(event)).rejects.toThrow('listener failed');
});
