import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { orderFromRow, readOpenRows } from '../../../test/helpers/bookRows.js';
import { fakeHash } from '../../../test/helpers/fakeOrders.js';
import { useTestDatabase } from '../../../test/helpers/useTestDatabase.js';
import type { Database } from '../../db/Database.js';
import { WRITE_COLUMNS } from '../../orders/createOrderWriter.js';
import { ORDER_COLUMNS, type OrderRow, rowToOrderRecord } from '../../orders/rowToOrderRecord.js';
import type { BookOrder } from '../model/BookOrder.js';
import { NetworkBook } from '../model/NetworkBook.js';
import { BookOrderDecoder } from './BookOrderDecoder.js';
import { orderFromRecord } from './orderFromRecord.js';
import { readOpenOrders } from './readOpenOrders.js';

const NETWORK = 'main';
const NULL = `0x${'0'.repeat(40)}`;
const MAX_256 = 2n ** 256n - 1n;

/** Amounts around every boundary the decoder reads differently (15 digits, zero) and far above 2^53. */
const amount = fc.oneof(
  fc.constantFrom(0n, 1n, 10n ** 15n - 1n, 10n ** 15n, 10n ** 15n + 1n, 2n ** 53n + 1n, 10n ** 18n, MAX_256),
  fc.bigInt({ min: 0n, max: 10n ** 6n }),
  fc.bigInt({ min: 0n, max: MAX_256 }),
);
/** Hex as the relayer writes it, upper and mixed case (kept or lower-cased as before), and malformed. */
const hex64 = fc.constantFrom('lower', 'lower', 'upper', 'mixed', 'short', 'not hex');
/** Free texts: separators, quotes, escapes, JSON-looking, non-ASCII, astral, empty. */
const SYMBOLS = [
  'ZRX',
  'tab\there',
  'line\nfeed',
  'quote"',
  'back\\slash',
  '"[]"',
  '[]',
  '\u{1F600}',
  'Ä',
  'Ω\r\n',
  '',
];
const ADDRESSES = [NULL, `0x${'1'.repeat(40)}`, `0x${'a'.repeat(40)}`, `0x${'AbC'.repeat(13)}d`];
const SHORTFALLS = [
  '[]',
  JSON.stringify([
    { token: `0x${'a'.repeat(40)}`, kind: 'balance', covers: 'maker', required: '5', available: '1' },
  ]),
  // As another writer might have stored it: spaced, with escapes and non-ASCII (read back normalised).
  '[ {"token": "0x\\u0061b", "kind": "allowance", "note": "tab\\there \u00e9\u{1F600}"} ]',
];

const row = fc.record({
  state: fc.constantFrom('open', 'open', 'open', 'filled', 'cancelled'),
  maker: fc.constantFrom(...ADDRESSES),
  taker: fc.constantFrom(...ADDRESSES),
  exchange: fc.constantFrom(`0x${'e'.repeat(40)}`, `0x${'f'.repeat(40)}`),
  feeRecipient: fc.constantFrom(...ADDRESSES),
  makerToken: fc.constantFrom(`0x${'a'.repeat(40)}`, `0x${'b'.repeat(40)}`, `0x${'C'.repeat(40)}`),
  takerToken: fc.constantFrom(`0x${'a'.repeat(40)}`, `0x${'b'.repeat(40)}`),
  makerSymbol: fc.constantFrom(...SYMBOLS),
  takerSymbol: fc.constantFrom(...SYMBOLS),
  makerAmount: amount,
  takerAmount: amount,
  makerFee: amount,
  /** The taker fee: the maker fee (shared), zero, or its own. */
  takerFee: fc.oneof(fc.constant(undefined), amount),
  expiration: amount,
  salt: amount,
  v: fc.constantFrom(27, 28, 27, 0, 1, 255, -1, 256),
  r: hex64,
  s: hex64,
  filled: fc.oneof(fc.constant(0n), amount),
  cancelled: fc.oneof(fc.constant(0n), amount),
  /** Fillable amounts: the whole order (shared) or other. */
  fillableTaker: fc.oneof(fc.constant(undefined), amount),
  fillableMaker: fc.oneof(fc.constant(undefined), amount),
  createdAt: fc.oneof(
    fc.constantFrom(0, 1, -5, 999_999, 1_000_000, 1_700_000_000_123, 2 ** 53 - 1),
    fc.nat(),
  ),
  version: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
  shortfalls: fc.constantFrom(...SHORTFALLS),
  upperHash: fc.boolean(),
});
type Row = typeof row extends fc.Arbitrary<infer T> ? T : never;

function hexOf(kind: string, label: string): string {
  const digits = fakeHash(label).slice(2);
  switch (kind) {
    case 'upper':
      return `0x${digits.toUpperCase()}`;
    case 'mixed':
      return `0x${digits.slice(0, 32).toUpperCase()}${digits.slice(32)}`;
    case 'short':
      return `0x${digits.slice(0, 10)}`;
    case 'not hex':
      return `0x${digits.slice(0, 30)}zz${digits.slice(32)}`;
    default:
      return `0x${digits}`;
  }
}

async function store(db: Database, rows: readonly Row[], run: number): Promise<void> {
  await db.query('DELETE FROM orders');
  for (const [i, r] of rows.entries()) {
    const hash = fakeHash(`${run}:${i}`);
    const values = [
      NETWORK,
      r.upperHash ? `0x${hash.slice(2).toUpperCase()}` : hash,
      r.exchange,
      r.maker,
      r.taker,
      r.makerToken,
      r.takerToken,
      r.makerSymbol,
      r.takerSymbol,
      r.feeRecipient,
      String(r.makerAmount),
      String(r.takerAmount),
      String(r.makerFee),
      String(r.takerFee ?? r.makerFee),
      String(r.expiration),
      String(r.expiration > 2n ** 62n ? 2n ** 62n : r.expiration),
      String(r.salt),
      r.v,
      hexOf(r.r, `r${i}`),
      hexOf(r.s, `s${i}`),
      r.state,
      String(r.filled),
      String(r.cancelled),
      String(r.fillableTaker ?? r.takerAmount),
      String(r.fillableMaker ?? r.makerAmount),
      r.createdAt,
      r.createdAt,
      '0',
    ];
    await db.query(
      `INSERT INTO orders (${WRITE_COLUMNS.join(', ')}, version, shortfalls)
       VALUES (${values.map((_, k) => `$${k + 1}`).join(', ')}, $${values.length + 1}, $${values.length + 2})`,
      [...values, r.version, r.shortfalls],
    );
  }
}

/** Every field a BookOrder exposes. */
function fields(order: BookOrder): Record<string, unknown> {
  return {
    hash: order.hash,
    maker: order.maker,
    makerToken: order.makerToken,
    takerToken: order.takerToken,
    makerSymbol: order.makerSymbol,
    takerSymbol: order.takerSymbol,
    exchange: order.terms.exchange,
    taker: order.terms.taker,
    feeRecipient: order.terms.feeRecipient,
    makerAmount: order.makerAmount,
    takerAmount: order.takerAmount,
    makerFee: order.makerFee,
    takerFee: order.takerFee,
    expiration: order.expiration,
    salt: order.salt,
    signature: order.signature,
    createdAt: order.createdAt,
    createdAtText: order.createdAtText,
    version: order.version,
    filled: order.filled,
    cancelled: order.cancelled,
    fillableTaker: order.fillableTaker,
    fillableMaker: order.fillableMaker,
    shortfalls: order.shortfalls,
    untouched: order.untouched,
    jsonSegments: { head: order.jsonSegments().head, middle: order.jsonSegments().middle },
  };
}

const byHash = (orders: readonly BookOrder[]) =>
  Object.fromEntries(orders.map((order) => [order.hash, fields(order)]));

describe('readOpenOrders (the start-up read, rows decoded straight into BookOrders)', () => {
  const db = useTestDatabase();

  test('makes every open row the BookOrder that row arrays and acceptance make, field for field (seeded property)', async () => {
    const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
    console.log(`readOpenOrders property: seed ${seed} (FC_SEED=${seed} replays)`);
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(row, { minLength: 1, maxLength: 40 }),
        fc.constantFrom(1, 250),
        async (rows, blocks) => {
          run += 1;
          await store(db, rows, run);
          const book = new NetworkBook();
          const decoded = await readOpenOrders(db, NETWORK, book, blocks);

          const fromRows: BookOrder[] = [];
          const rowBook = new NetworkBook();
          await readOpenRows(db, NETWORK, (chunk) => {
            for (const r of chunk) fromRows.push(orderFromRow(rowBook, r));
          });

          const stored = await db.query<
            OrderRow & { version: number; maker_token_symbol: string; taker_token_symbol: string }
          >(
            `SELECT ${ORDER_COLUMNS}, version, maker_token_symbol, taker_token_symbol FROM orders
            WHERE network = $1 AND state = 'open'`,
            [NETWORK],
          );
          const acceptedBook = new NetworkBook();
          const accepted = stored.map((r) =>
            orderFromRecord(
              acceptedBook,
              rowToOrderRecord(r),
              { maker: r.maker_token_symbol, taker: r.taker_token_symbol },
              r.version,
            ),
          );

          expect(decoded).toHaveLength(rows.filter((r) => r.state === 'open').length);
          expect(byHash(decoded)).toEqual(byHash(fromRows));
          expect(byHash(decoded)).toEqual(byHash(accepted));
          // The book takes them as it took the others.
          book.load(decoded);
          expect(book.size).toBe(decoded.length);
        },
      ),
      { seed, numRuns: 40 },
    );
    // Forty PGlite rounds: more than the default timeout on a loaded machine.
  }, 120_000);

  test('equal amounts and repeated texts are shared, as orderFromRow shares them', async () => {
    const rows = Array.from({ length: 6 }, (_, i) => ({
      ...fc.sample(row, { seed: i, numRuns: 1 })[0],
      state: 'open',
      makerFee: 7n,
      takerFee: undefined,
      fillableTaker: undefined,
      fillableMaker: undefined,
      filled: 0n,
      cancelled: 0n,
      shortfalls: '[]',
    })) as Row[];
    await store(db, rows, 1000);
    const orders = await readOpenOrders(db, NETWORK, new NetworkBook());
    expect(orders).toHaveLength(6);
    for (const order of orders) {
      expect(order.takerFee).toBe(order.makerFee);
      expect(order.untouched).toBe(true);
    }
    // Orders with the same terms share one terms object (the book counts its uses).
    for (const a of orders) {
      for (const b of orders) {
        const same =
          a.terms.exchange === b.terms.exchange &&
          a.terms.taker === b.terms.taker &&
          a.terms.feeRecipient === b.terms.feeRecipient;
        expect(a.terms === b.terms).toBe(same);
      }
    }
  });

  test('a row of the wrong shape is refused, not misread', () => {
    const decoder = new BookOrderDecoder(new NetworkBook());
    expect(() => decoder.decode('0xab\t1\t2', [])).toThrow(/fields/);
    expect(() => decoder.decode(`${'x\t'.repeat(25)}x`, [])).toThrow(/fields/);
  });
});
