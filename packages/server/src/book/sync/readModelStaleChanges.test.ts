import { afterEach, expect, test } from 'vitest';
import { insertFakeOrders } from '../../../test/helpers/fakeOrders.js';
import { type ReadModelWorld, startReadModelWorld } from '../../../test/helpers/startReadModelWorld.js';

// Changes that arrive late or out of order (another instance's NOTIFY overtaken by this one's own
// events): the version rule and the tombstones must keep the book at the database's state.
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

test('an "added" of an older version arriving after a newer state leaves the newer state', async () => {
  const { db, events, model, addedEvent } = await world();
  const [hash] = (await insertFakeOrders(db, NETWORK, [{ state: 'open' }])) as [string];
  const stale = await addedEvent(hash);
  events.emitLocal(stale);
  expect((await model.book(NETWORK)).get(hash)?.version).toBe(stale.version);

  // Partly filled (one version on), as the watcher writes it; the model reads the row again.
  await db.query(
    `UPDATE orders SET filled_taker = '400', fillable_taker = '600', fillable_maker = '1200',
       version = version + 1 WHERE network = $1 AND hash = $2`,
    [NETWORK, hash],
  );
  const newer = (stale.version ?? 0) + 1;
  events.emitLocal({
    type: 'updated',
    network: NETWORK,
    orderHash: hash,
    state: 'open',
    makerTokenAddress: stale.order.makerTokenAddress,
    takerTokenAddress: stale.order.takerTokenAddress,
    remainingTakerTokenAmount: '600',
    remainingMakerTokenAmount: '1200',
    fillableTakerTokenAmount: '600',
    fillableMakerTokenAmount: '1200',
    version: newer,
  });
  const updated = (await model.book(NETWORK)).get(hash);
  expect(updated?.version).toBe(newer);
  expect(updated?.fillableTaker).toBe(600n);

  // The first announcement again (its NOTIFY echo, late): one version behind what the model holds.
  events.emitLocal(stale);
  const held = (await model.book(NETWORK)).get(hash);
  expect(held?.version).toBe(newer);
  expect(held?.filled).toBe(400n);
  expect(held?.fillableTaker).toBe(600n);
});

test('a removal heard before the order\'s "added" keeps the order out when the announcement comes', async () => {
  const { db, events, model, addedEvent } = await world();
  // Accepted by another instance after this one started: the model has not heard of it yet.
  const [hash] = (await insertFakeOrders(db, NETWORK, [{ state: 'open' }])) as [string];
  const added = await addedEvent(hash);
  await db.query(
    `UPDATE orders SET state = 'cancelled', version = version + 1 WHERE network = $1 AND hash = $2`,
    [NETWORK, hash],
  );
  // The removal's NOTIFY overtakes the acceptance's.
  events.emitLocal({
    type: 'removed',
    network: NETWORK,
    orderHash: hash,
    state: 'cancelled',
    makerTokenAddress: added.order.makerTokenAddress,
    takerTokenAddress: added.order.takerTokenAddress,
    version: (added.version ?? 0) + 1,
  });
  expect((await model.book(NETWORK)).get(hash)).toBeUndefined();

  events.emitLocal(added);
  expect((await model.book(NETWORK)).get(hash)).toBeUndefined();
});

test('a removal heard while the order is held, then its "added" again, keeps the order out', async () => {
  const { db, events, model, addedEvent } = await world();
  const [hash] = (await insertFakeOrders(db, NETWORK, [{ state: 'open' }])) as [string];
  const added = await addedEvent(hash);
  events.emitLocal(added);
  expect((await model.book(NETWORK)).get(hash)).toBeDefined();

  await db.query(
    `UPDATE orders SET state = 'filled', version = version + 1 WHERE network = $1 AND hash = $2`,
    [NETWORK, hash],
  );
  events.emitLocal({
    type: 'removed',
    network: NETWORK,
    orderHash: hash,
    state: 'filled',
    makerTokenAddress: added.order.makerTokenAddress,
    takerTokenAddress: added.order.takerTokenAddress,
    version: (added.version ?? 0) + 1,
  });
  expect((await model.book(NETWORK)).get(hash)).toBeUndefined();

  // The acceptance's NOTIFY echo, overtaken by the fill's removal.
  events.emitLocal(added);
  expect((await model.book(NETWORK)).get(hash)).toBeUndefined();
});
