import { type TradeQuery, tradeQuerySchema } from '@relayer/protocol';
import { describe, expect } from 'vitest';
import { explainStatement, recordStatements } from '../../test/helpers/explainStatement.js';
import { TOKEN_A, TOKEN_B, TOKEN_C } from '../../test/helpers/fakeAddresses.js';
import { insertSyntheticTrades } from '../../test/helpers/insertSyntheticTrades.js';
import { storageEngines, useSeededDatabase } from '../../test/helpers/storageEngines.js';
import type { Database } from '../db/Database.js';
import { listTrades } from './listTrades.js';

// docs/RELIABILITY.md, "Trades are recorded ...": a page of trades reads about one page of rows from an
// index whatever the filter, and never more than the scan limit when filters combine.

const engines = storageEngines();
const COUNT = 20_000;
const TOKEN_D = `0x${'d'.repeat(40)}` as const;
const hex = (n: number, width: number) => `0x${n.toString(16).padStart(width, '0')}`;
const MAKER = hex(5, 40) as `0x${string}`;
const TAKER = hex(1000 + 7, 40) as `0x${string}`;
const ORDER = hex(42, 64) as `0x${string}`;

const query = (q: Record<string, unknown>): TradeQuery => tradeQuerySchema.parse(q);

/** Runs `listTrades` recording its statements, then explains (and runs) each of them. */
async function explainPage(db: Database, q: TradeQuery, scanLimit?: number) {
  const { recording, statements } = recordStatements(db);
  const page = await listTrades(recording, 'main', q, { scanLimit });
  const plans = [];
  for (const statement of statements) plans.push(await explainStatement(db, statement));
  return { page, plans, statements: statements.length };
}

describe.each(engines)('$name trade pages', (engine) => {
  const { it, db } = useSeededDatabase(engine, async (db) => {
    // 20,000 trades, four per block: 97 makers, 89 takers, 1,000 orders, three pairs in turn and a rare
    // token D as the maker token of every 500th.
    await insertSyntheticTrades(db, {
      count: COUNT,
      tokens: [TOKEN_A, TOKEN_B, TOKEN_C],
      rare: TOKEN_D,
      makerBase: 1000n,
      takerBase: 500n,
    });
  });

  it('every filter, and a market or a trader on either side: index seeks, no sort, about one page of rows', async () => {
    const filters: Record<string, unknown>[] = [
      {},
      { orderHash: ORDER },
      { maker: MAKER },
      { taker: TAKER },
      { trader: MAKER },
      { makerTokenAddress: TOKEN_A },
      { takerTokenAddress: TOKEN_B },
      { tokenAddress: TOKEN_C },
      { makerTokenAddress: TOKEN_A, takerTokenAddress: TOKEN_B },
      { baseTokenAddress: TOKEN_B, quoteTokenAddress: TOKEN_A },
    ];
    for (const filter of filters) {
      const label = JSON.stringify(filter);
      const first = await explainPage(db, query({ ...filter, per_page: '10' }));
      expect(first.page.trades, label).toHaveLength(10);
      const next = await explainPage(db, query({ ...filter, per_page: '10', cursor: first.page.nextCursor }));
      expect(next.page.trades, label).toHaveLength(10);
      for (const { plans } of [first, next]) {
        for (const plan of plans) {
          expect(plan.sorts, label).toEqual([]);
          expect(plan.seqScans, label).toBe(0);
          expect(plan.rowsTouched, label).toBeLessThanOrEqual(11);
          // A few index pages and one table page per row; the table is ~450 pages.
          expect(plan.blocks, label).toBeLessThanOrEqual(80);
        }
      }
    }
  });

  it('a token nobody trades much reads its own rows, not the history', async () => {
    const { page, plans } = await explainPage(db, query({ tokenAddress: TOKEN_D, per_page: '100' }));
    expect(page.trades).toHaveLength(COUNT / 500);
    expect(page.nextCursor).toBeNull();
    for (const plan of plans) expect(plan.rowsTouched).toBeLessThanOrEqual(COUNT / 500 + 1);
  });

  it('combined filters read at most the scan limit per seek, then continue from where they stopped', async () => {
    // The taker's ~225 trades are read 60 at a time to find those of maker token D (none are).
    const filter = { taker: TAKER, makerTokenAddress: TOKEN_D, per_page: '10' };
    let cursor: string | null = null;
    let pages = 0;
    let found = 0;
    do {
      const { page, plans } = await explainPage(db, query({ ...filter, ...(cursor ? { cursor } : {}) }), 60);
      for (const plan of plans) expect(plan.rowsTouched).toBeLessThanOrEqual(60);
      found += page.trades.length;
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 100);
    expect(cursor).toBeNull();
    // About 225 / 60 pages: each short page still moved on by the whole scan.
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(pages).toBeLessThanOrEqual(5);
    const matching = await db.query<{ n: number | string }>(
      'SELECT count(*) AS n FROM trades WHERE taker = $1 AND maker_token = $2',
      [TAKER, TOKEN_D],
    );
    expect(found).toBe(Number(matching[0]?.n));
  });
});
