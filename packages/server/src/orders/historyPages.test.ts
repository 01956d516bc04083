import { type OrderQuery, orderQuerySchema, orderSortFields, RelayerError } from '@relayer/protocol';
import { describe, expect } from 'vitest';
import { explainStatement, recordStatements } from '../../test/helpers/explainStatement.js';
import { TOKEN_A, TOKEN_B, TOKEN_C } from '../../test/helpers/fakeAddresses.js';
import { storageEngines, useSeededDatabase } from '../../test/helpers/storageEngines.js';
import type { Database } from '../db/Database.js';
import { HISTORY_COUNT_LIMIT, listOrders } from './listOrders.js';
import { isDerivedSort } from './orderSortKey.js';

// docs/RELIABILITY.md, "Bounded costs for every request": a page of orders that left the book reads
// about one page of rows from an index, never the state's whole history, and its count stops early.

const engines = storageEngines();
const FILLED = HISTORY_COUNT_LIMIT + 2_000;

const query = (overrides: Partial<Record<keyof OrderQuery, unknown>> = {}): OrderQuery =>
  orderQuerySchema.parse(overrides);

/** Runs `listOrders` recording its statements, then explains (and runs) the page statement. */
async function explainPage(db: Database, q: OrderQuery) {
  const { recording, statements } = recordStatements(db);
  const page = await listOrders(recording, 'main', q);
  const pageStatement = statements.find((s) => !s.sql.includes('count(*)'));
  if (!pageStatement) throw new Error('no page statement');
  return { page, ...(await explainStatement(db, pageStatement)) };
}

describe.each(engines)('$name history pages', (engine) => {
  const { it, db } = useSeededDatabase(engine, async (db) => {
    // A long history (filled, then some cancelled) and a small open book, written in one statement each.
    const insert = (state: string, count: number, offset: number) =>
      db.query(
        `INSERT INTO orders (network, hash, exchange, maker, taker, maker_token, taker_token, maker_token_symbol,
           taker_token_symbol, fee_recipient, maker_token_amount, taker_token_amount, maker_fee, taker_fee, expiration,
           expires_at, salt, v, r, s, state, filled_taker, cancelled_taker, fillable_taker, fillable_maker, created_at,
           updated_at)
         SELECT 'main', '0x' || lpad(to_hex(i), 64, '0'), '0x48bacb9266a570d521063ef5dd96e61686dbe788',
           '0x' || lpad(to_hex(i % 97), 40, '0'), '0x0000000000000000000000000000000000000000',
           CASE WHEN i % 50 = 0 THEN $3 ELSE $4 END, '0x' || repeat('b', 40), 'S' || (i % 13), 'T' || (i % 7),
           '0x0000000000000000000000000000000000000000', 1000 + i % 911, 500 + i % 433, i % 17, i % 19,
           1900000000 + i % 1000, 1900000000 + i % 1000, i, 27, '0x' || repeat('1', 64), '0x' || repeat('2', 64),
           $1, 0, 0, 500, 1000, 1700000000000 + i, 1700000000000 + i
         FROM generate_series($2::int + 1, $2::int + $5::int) AS i`,
        [state, offset, TOKEN_C, TOKEN_A, count],
      );
    await insert('filled', FILLED, 0);
    await insert('cancelled', 500, FILLED);
    await insert('open', 200, FILLED + 500);
    await db.query('ANALYZE orders');
  });

  it('every sort, both directions, first page and a cursor page: no sort, about one page of rows read', async () => {
    // The derived keys (human amounts, prices) sort the open book only: see the next test.
    for (const sort of orderSortFields.filter((field) => !isDerivedSort(field))) {
      for (const direction of ['asc', 'desc'] as const) {
        const first = await explainPage(db, query({ state: 'filled', sort, direction, per_page: 20 }));
        expect(first.sorts, `${sort} ${direction}`).toEqual([]);
        expect(first.rowsTouched, `${sort} ${direction}`).toBeLessThanOrEqual(21);
        // An index walk: a few index pages and one table page per row (the whole history is ~1,000 blocks).
        expect(first.blocks, `${sort} ${direction}`).toBeLessThanOrEqual(50);
        expect(first.page.orders).toHaveLength(20);
        const next = await explainPage(
          db,
          query({ state: 'filled', sort, direction, per_page: 20, cursor: first.page.nextCursor }),
        );
        expect(next.sorts, `${sort} ${direction} cursor`).toEqual([]);
        expect(next.rowsTouched, `${sort} ${direction} cursor`).toBeLessThanOrEqual(21);
        expect(next.page.orders.every((o) => o.state === 'filled')).toBe(true);
      }
    }
  });

  it('refuses a derived sort on a history page with a coded reason naming the field, reading nothing', async () => {
    for (const sort of orderSortFields.filter(isDerivedSort)) {
      await expect(listOrders(db, 'main', query({ state: 'filled', sort }))).rejects.toMatchObject({
        code: 'UNSUPPORTED_OPTION',
        field: 'sort',
      });
    }
  });

  it('a token filter on the history reads that token’s rows, not the whole state', async () => {
    const { page, rowsTouched } = await explainPage(
      db,
      query({ state: 'filled', makerTokenAddress: TOKEN_C, sort: 'takerFee', per_page: 10 }),
    );
    expect(page.orders.every((o) => o.makerTokenAddress === TOKEN_C)).toBe(true);
    // Every 50th filled order has TOKEN_C as its maker token: a few pages' worth, not the history.
    expect(rowsTouched).toBeLessThan(FILLED / 10);
    // A token with no history at all must not make the page walk the whole state looking for it.
    const none = await explainPage(
      db,
      query({ state: 'filled', makerTokenAddress: TOKEN_B, sort: 'takerFee', per_page: 10 }),
    );
    expect(none.page.orders).toEqual([]);
    expect(none.blocks).toBeLessThanOrEqual(5);
  });

  it(`counts at most ${HISTORY_COUNT_LIMIT} orders of a history and says so`, async () => {
    const filled = await listOrders(db, 'main', query({ state: 'filled' }));
    expect(filled).toMatchObject({ total: HISTORY_COUNT_LIMIT, totalCapped: true });
    const cancelled = await listOrders(db, 'main', query({ state: 'cancelled' }));
    expect(cancelled.total).toBe(500);
    expect(cancelled).not.toHaveProperty('totalCapped');
    const open = await listOrders(db, 'main', query());
    expect(open.total).toBe(200);
  });

  it('a page number past the counted history is refused (cursors go on), and the last counted page is served', async () => {
    const perPage = 100;
    const last = await listOrders(
      db,
      'main',
      query({ state: 'filled', per_page: perPage, page: HISTORY_COUNT_LIMIT / perPage }),
    );
    expect(last.orders).toHaveLength(perPage);
    expect(last.nextCursor).not.toBeNull();
    const beyond = await listOrders(
      db,
      'main',
      query({ state: 'filled', per_page: perPage, cursor: last.nextCursor }),
    );
    expect(beyond.orders).toHaveLength(perPage);
    await expect(
      listOrders(
        db,
        'main',
        query({ state: 'filled', per_page: perPage, page: HISTORY_COUNT_LIMIT / perPage + 1 }),
      ),
    ).rejects.toThrow(RelayerError);
  });
});
