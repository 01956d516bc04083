import { afterEach, expect, test } from 'vitest';
import { insertFakeOrders } from '../../../test/helpers/fakeOrders.js';
import { openTestDatabase } from '../../../test/helpers/openTestDatabase.js';
import type { Database } from '../../db/Database.js';
import { type BookEvent, BookEvents } from '../../events/BookEvents.js';
import { ORDER_COLUMNS, type OrderRow, rowToOrderRecord } from '../../orders/rowToOrderRecord.js';
import { createReadModel, type ReadModel } from './createReadModel.js';

const NETWORK = 'main';
const silent = { warn() {}, info() {} };
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function world(): Promise<{ db: Database; events: BookEvents; model: ReadModel }> {
  const db = await openTestDatabase();
  const events = new BookEvents();
  const model = createReadModel({ db, events, networks: [NETWORK], log: silent });
  closers.push(async () => {
    model.stop();
    await db.close();
  });
  await model.start();
  return { db, events, model };
}

/** The `added` event acceptance publishes for the stored order `hash`, at its current version. */
async function addedEvent(db: Database, hash: string): Promise<BookEvent> {
  const [row] = await db.query<OrderRow & { version: number }>(
    `SELECT ${ORDER_COLUMNS}, version FROM orders WHERE network = $1 AND hash = $2`,
    [NETWORK, hash],
  );
  if (!row) throw new Error('no such order');
  return {
    type: 'added',
    network: NETWORK,
    order: rowToOrderRecord(row),
    version: row.version,
    makerTokenSymbol: 'AAA',
    takerTokenSymbol: 'BBB',
  };
}

test('an announcement older than a removal lost with the notifications does not bring the order back after the resync', async () => {
  const { db, events, model } = await world();
  const [hash] = (await insertFakeOrders(db, NETWORK, [{ state: 'open' }])) as [string];
  const added = await addedEvent(db, hash);
  events.emitLocal(added);
  expect((await model.book(NETWORK)).get(hash)?.version).toBe(added.type === 'added' ? added.version : -1);

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
  const { db, events, model } = await world();
  await model.rebuild(NETWORK);
  const [hash] = (await insertFakeOrders(db, NETWORK, [{ state: 'open' }])) as [string];
  events.emitLocal(await addedEvent(db, hash));
  expect((await model.book(NETWORK)).get(hash)).toBeDefined();
});
