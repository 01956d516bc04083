import { afterEach } from 'vitest';
import type { BookOrder } from '../../src/book/model/BookOrder.js';
import { createReadModel, type ReadModel } from '../../src/book/sync/createReadModel.js';
import type { Database } from '../../src/db/Database.js';
import { type BookEvent, BookEvents } from '../../src/events/BookEvents.js';
import { ORDER_COLUMNS, type OrderRow, rowToOrderRecord } from '../../src/orders/rowToOrderRecord.js';
import { insertFakeOrders } from './fakeOrders.js';
import { openTestDatabase } from './openTestDatabase.js';

type AddedEvent = BookEvent & { type: 'added' };

/** A started read model over a fresh PGlite database, and how a test speaks to it. */
export interface ReadModelWorld {
  readonly db: Database;
  readonly events: BookEvents;
  readonly model: ReadModel;
  /** Stores one open order (no event) and returns its hash and the `added` acceptance would publish. */
  readonly storeOpen: () => Promise<{ hash: string; added: AddedEvent }>;
  /** The `added` event of the stored order `hash`, at its current version. */
  readonly addedEvent: (hash: string) => Promise<AddedEvent>;
  /** Closes the stored order in the database (a version on, no event) and returns its `removed` event. */
  readonly close: (added: AddedEvent, state: 'cancelled' | 'filled') => Promise<BookEvent>;
  /** The order as the model holds it once every change heard so far is applied. */
  readonly held: (hash: string) => Promise<BookOrder | undefined>;
}

const silent = { warn() {}, info() {} };

/**
 * For the tests of a file: a function that starts one network's read model over a fresh database, fed
 * only by the events the test emits; every world it started is stopped after each test.
 */
export function useReadModelWorlds(network: string): () => Promise<ReadModelWorld> {
  const stops: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const stop of stops.splice(0)) await stop();
  });
  return async () => {
    const db = await openTestDatabase();
    const events = new BookEvents();
    const model = createReadModel({ db, events, networks: [network], log: silent });
    stops.push(async () => {
      model.stop();
      await db.close();
    });
    await model.start();
    const addedEvent = async (hash: string): Promise<AddedEvent> => {
      const [row] = await db.query<OrderRow & { version: number }>(
        `SELECT ${ORDER_COLUMNS}, version FROM orders WHERE network = $1 AND hash = $2`,
        [network, hash],
      );
      if (!row) throw new Error(`no stored order ${hash}`);
      const order = rowToOrderRecord(row);
      return {
        type: 'added',
        network,
        order,
        version: row.version,
        makerTokenSymbol: 'AAA',
        takerTokenSymbol: 'BBB',
      };
    };
    return {
      db,
      events,
      model,
      addedEvent,
      async storeOpen() {
        const [hash] = (await insertFakeOrders(db, network, [{ state: 'open' }])) as [string];
        return { hash, added: await addedEvent(hash) };
      },
      async close({ order }, state) {
        const [row] = await db.query<{ version: number }>(
          'UPDATE orders SET state = $3, version = version + 1 WHERE network = $1 AND hash = $2 RETURNING version',
          [network, order.orderHash, state],
        );
        if (!row) throw new Error(`no stored order ${order.orderHash}`);
        const { makerTokenAddress, takerTokenAddress } = order;
        const { version } = row;
        return {
          type: 'removed',
          network,
          orderHash: order.orderHash,
          state,
          makerTokenAddress,
          takerTokenAddress,
          version,
        };
      },
      held: async (hash) => (await model.book(network)).get(hash),
    };
  };
}
