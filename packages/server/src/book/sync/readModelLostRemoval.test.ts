import { afterEach, expect, test } from 'vitest';
import { insertFakeOrders } from '../../../test/helpers/fakeOrders.js';
import { type ReadModelWorld, startReadModelWorld } from '../../../test/helpers/startReadModelWorld.js';

const NETWORK = 'main';
const worlds: ReadModelWorld[] = [];
afterEach(async () => {
  for (const world of worlds.splice(0)) await world.close();
});

async function world(): Promise<ReadModelWorld> {
  const started = await startReadModelWorld(NETWORK);
  worlds.push(started);
  return started;
}

test('an announcement older than a removal lost with the notifications does not bring the order back after the resync', async () => {
  const { db, events, model, addedEvent } = await world();
  const [hash] = (await insertFakeOrders(db, NETWORK, [{ state: 'open' }])) as [string];
  const added = await addedEvent(hash);
  events.emitLocal(added);
  expect((await model.book(NETWORK)).get(hash)?.version).toBe(added.version);

  // Closed by another instance while this one's notifications were lost: it never hears the removal.
  await db.query(
    `UPDATE orders SET state = 'cancelled', version = version + 1 WHERE network = $1 AND hash = $2`,
    [NETWORK, hash],
  );
  await model.rebuild(NETWORK);
  expect((await model.book(NETWORK)).get(hash)).toBeUndefined();

  // The old announcement arrives late (a redelivery, an echo overtaken): the database says closed.
  events.emitLocal(added);
  expect((await model.book(NETWORK)).get(hash)).toBeUndefined();
});

test('after a resync an order the model never saw is still taken from its announcement once the database has it open', async () => {
  const { db, events, model, addedEvent } = await world();
  await model.rebuild(NETWORK);
  const [hash] = (await insertFakeOrders(db, NETWORK, [{ state: 'open' }])) as [string];
  events.emitLocal(await addedEvent(hash));
  expect((await model.book(NETWORK)).get(hash)).toBeDefined();
});
