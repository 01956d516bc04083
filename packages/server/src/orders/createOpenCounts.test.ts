import { afterAll, beforeAll, describe, expect } from 'vitest';
import { TOKEN_A, TOKEN_B, TOKEN_C } from '../../test/helpers/fakeAddresses.js';
import { insertFakeOrders } from '../../test/helpers/fakeOrders.js';
import { engineTest, storageEngines } from '../../test/helpers/storageEngines.js';
import { createReadModel, type ReadModel } from '../book/sync/createReadModel.js';
import type { Database } from '../db/Database.js';
import { BookEvents } from '../events/BookEvents.js';
import { createOpenCounts } from './createOpenCounts.js';

// The quotas' counts from the read model's book and from the database (no read model) agree: open
// orders of the network, open orders naming a token on either side, and whether one order is open.

const NETWORK = 'main';
const silent = { warn() {}, info() {} };

describe.each(storageEngines())('the open counts, $name', (engine) => {
  const it = engineTest(engine);
  let db: Database;
  let model: ReadModel;
  let hashes: string[];

  beforeAll(async () => {
    if (!engine.available) return;
    db = await engine.openMigrated();
    hashes = await insertFakeOrders(db, NETWORK, [
      { makerToken: TOKEN_A, takerToken: TOKEN_B },
      { makerToken: TOKEN_B, takerToken: TOKEN_A },
      { makerToken: TOKEN_A, takerToken: TOKEN_C },
      { makerToken: TOKEN_C, takerToken: TOKEN_B },
      { makerToken: TOKEN_A, takerToken: TOKEN_B, state: 'filled' },
    ]);
    await insertFakeOrders(db, 'kovan', [{ makerToken: TOKEN_A, takerToken: TOKEN_B }]);
    model = createReadModel({ db, events: new BookEvents(), networks: [NETWORK, 'kovan'], log: silent });
    await model.start();
  });
  afterAll(() => model?.stop());

  it('count the same from the book and from the database', async () => {
    const fromBook = createOpenCounts({ book: model });
    const fromDb = createOpenCounts({ db });
    const open = hashes[0] as string;
    const filled = hashes[4] as string;
    for (const counts of [
      await fromBook(NETWORK, open, [TOKEN_A, TOKEN_C]),
      await fromDb(NETWORK, open, [TOKEN_A, TOKEN_C]),
    ]) {
      expect(counts.size).toBe(4);
      expect(counts.tokenCount(TOKEN_A)).toBe(3);
      expect(counts.tokenCount(TOKEN_C)).toBe(2);
      expect(counts.has(open)).toBe(true);
    }
    for (const counts of [
      await fromBook(NETWORK, filled, [TOKEN_B]),
      await fromDb(NETWORK, filled, [TOKEN_B]),
    ]) {
      expect(counts.tokenCount(TOKEN_B)).toBe(3);
      expect(counts.has(filled)).toBe(false);
    }
  });
});
