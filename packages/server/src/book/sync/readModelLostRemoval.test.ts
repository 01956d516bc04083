import { expect, test } from 'vitest';
import { useReadModelWorlds } from '../../../test/helpers/useReadModelWorlds.js';

const NETWORK = 'main';
const world = useReadModelWorlds(NETWORK);

test('an announcement older than a removal lost with the notifications does not bring the order back after the resync', async () => {
  const { events, model, storeOpen, close, held } = await world();
  const { hash, added } = await storeOpen();
  events.emitLocal(added);
  expect((await held(hash))?.version).toBe(added.version);

  // Closed by another instance while this one's notifications were lost: it never hears the removal.
  await close(added, 'cancelled');
  await model.rebuild(NETWORK);
  expect(await held(hash)).toBeUndefined();

  // The old announcement arrives late (a redelivery, an echo overtaken): the database says closed.
  events.emitLocal(added);
  expect(await held(hash)).toBeUndefined();
});

test('after a resync an order the model never saw is still taken from its announcement once the database has it open', async () => {
  const { events, model, storeOpen, held } = await world();
  await model.rebuild(NETWORK);
  const { hash, added } = await storeOpen();
  events.emitLocal(added);
  expect(await held(hash)).toBeDefined();
});
