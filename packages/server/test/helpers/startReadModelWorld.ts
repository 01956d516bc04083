import { createReadModel, type ReadModel } from '../../src/book/sync/createReadModel.js';
import type { Database } from '../../src/db/Database.js';
import type { BookEvent } from '../../src/events/BookEvents.js';
import { BookEvents } from '../../src/events/BookEvents.js';
import { ORDER_COLUMNS, type OrderRow, rowToOrderRecord } from '../../src/orders/rowToOrderRecord.js';
import { openTestDatabase } from './openTestDatabase.js';

/** A started read model over a fresh PGlite database, and how a test speaks to it. */
export interface ReadModelWorld {
  readonly db: Database;
  readonly events: BookEvents;
  readonly model: ReadModel;
  /** The `added` event acceptance publishes for the stored order `hash`, at its current version. */
  readonly addedEvent: (hash: string) => Promise<BookEvent & { type: 'added' }>;
  /** Stops the model and closes the database. */
  readonly close: () => Promise<void>;
}

const silent = { warn() {}, info() {} };

/** One network's read model, started, fed only by the events the test emits. */
export async function startReadModelWorld(network: string): Promise<ReadModelWorld> {
  const db = await openTestDatabase();
  const events = new BookEvents();
  const model = createReadModel({ db, events, networks: [network], log: silent });
  await model.start();
  return {
    db,
    events,
    model,
    async addedEvent(hash) {
      const [row] = await db.query<OrderRow & { version: number }>(
        `SELECT ${ORDER_COLUMNS}, version FROM orders WHERE network = $1 AND hash = $2`,
        [network, hash],
      );
      if (!row) throw new Error(`no stored order ${hash}`);
      return {
        type: 'added',
        network,
        order: rowToOrderRecord(row),
        version: row.version,
        makerTokenSymbol: 'AAA',
        takerTokenSymbol: 'BBB',
      };
    },
    async close() {
      model.stop();
      await db.close();
    },
  };
}
