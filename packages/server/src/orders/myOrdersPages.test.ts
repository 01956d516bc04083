import { type OrderQuery, orderQuerySchema } from '@relayer/protocol';
import { describe, expect } from 'vitest';
import { explainStatement, recordStatements } from '../../test/helpers/explainStatement.js';
import { TOKEN_A } from '../../test/helpers/fakeAddresses.js';
import { storageEngines, useSeededDatabase } from '../../test/helpers/storageEngines.js';
import { listOrders } from './listOrders.js';

// "My orders": one maker's orders of every state, newest first, read through the index
// (network, maker, created_at, hash) of migration 006: about one page of rows, however large the book.

const engines = storageEngines();
const COUNT = 20_000;
const MAKER = `0x${'5'.padStart(40, '0')}`;
const query = (q: Record<string, unknown>): OrderQuery => orderQuerySchema.parse(q);

describe.each(engines)('$name my orders pages', (engine) => {
  const { it, db } = useSeededDatabase(engine, async (db) => {
    // 20,000 orders of 97 makers in the five states in turn.
    await db.query(
      `INSERT INTO orders (network, hash, exchange, maker, taker, maker_token, taker_token, maker_token_symbol,
         taker_token_symbol, fee_recipient, maker_token_amount, taker_token_amount, maker_fee, taker_fee, expiration,
         expires_at, salt, v, r, s, state, filled_taker, cancelled_taker, fillable_taker, fillable_maker, created_at,
         updated_at)
       SELECT 'main', '0x' || lpad(to_hex(i), 64, '0'), '0x48bacb9266a570d521063ef5dd96e61686dbe788',
         '0x' || lpad(to_hex(i % 97), 40, '0'), '0x0000000000000000000000000000000000000000', $1, '0x' || repeat('b', 40),
         'AAA', 'BBB', '0x0000000000000000000000000000000000000000', 1000, 500, 0, 0, 1900000000, 1900000000, i, 27,
         '0x' || repeat('1', 64), '0x' || repeat('2', 64),
         (ARRAY['open', 'filled', 'cancelled', 'expired', 'unfunded'])[1 + i % 5], 0, 0, 500, 1000,
         1700000000000 + i, 1700000000000 + i
       FROM generate_series(1, $2::int) AS i`,
      [TOKEN_A, COUNT],
    );
    await db.query('ANALYZE orders');
  });

  it('a maker, every state, newest first: an index walk without a sort, first page and by cursor', async () => {
    for (const state of ['any', 'open,unfunded', 'filled,cancelled,expired']) {
      const { recording, statements } = recordStatements(db);
      const q = { maker: MAKER, state, sort: 'createdAt', direction: 'desc', per_page: '20' };
      const first = await listOrders(recording, 'main', query(q));
      expect(first.orders).toHaveLength(20);
      expect(first.orders.every((o) => o.maker === MAKER)).toBe(true);
      const next = await listOrders(recording, 'main', query({ ...q, cursor: first.nextCursor }));
      expect(next.orders).toHaveLength(20);
      for (const statement of statements.filter((s) => !s.sql.includes('count('))) {
        const { sorts, rowsTouched: touched } = await explainStatement(db, statement);
        expect(sorts, state).toEqual([]);
        // 21 rows of the maker, and for a state list the maker's rows of other states skipped on the way.
        expect(touched, state).toBeLessThanOrEqual(state === 'any' ? 21 : 60);
      }
    }
  });
});
