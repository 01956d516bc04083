import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { type BookRow, decodeRows, orderFromRow, readOpenRows } from '../../../test/helpers/bookRows.js';
import { fakeHash, insertFakeOrders } from '../../../test/helpers/fakeOrders.js';
import { useTestDatabase } from '../../../test/helpers/useTestDatabase.js';
import type { SortedView } from '../index/SortedView.js';
import { IndexView } from '../query/IndexView.js';
import {
  compareBookOrder,
  compareSraPrice,
  SORT_ORDERINGS,
  type StoredSortField,
  storedSortFields,
} from '../sort/bookOrderings.js';
import type { BookOrder } from './BookOrder.js';
import { NetworkBook } from './NetworkBook.js';

const NULL = `0x${'0'.repeat(40)}`;
const TOKENS = [`0x${'a'.repeat(40)}`, `0x${'b'.repeat(40)}`, `0x${'c'.repeat(40)}`];
/** Symbols whose code point order differs from UTF-16 order (a surrogate pair against U+E000..U+FFFF). */
const SYMBOLS = ['ZRX', 'zrx', 'Z', '\u{1F600}', '\uE000', '\uFFFF', 'Ä', ''];
const TWO_53 = 2n ** 53n;

/**
 * Amounts near 2^53 and far above it, where a float cannot tell neighbours apart, repeated values
 * (ties broken by hash), and prices that differ only in the last digits of 78-digit numbers.
 */
const amount = fc.oneof(
  fc.constantFrom(1n, 2n, 3n, 10n ** 18n, 10n ** 18n + 1n, TWO_53 - 1n, TWO_53, TWO_53 + 1n, TWO_53 + 2n),
  fc.bigInt({ min: 1n, max: 10n ** 6n }),
  fc.bigInt({ min: 2n ** 60n, max: 2n ** 60n + 5n }),
  fc.bigInt({ min: 2n ** 255n, max: 2n ** 255n + 3n }),
  // Around 10^18 (float spacing 128): ~1 % of two such prices are close enough for floats to misorder.
  fc.bigInt({ min: 10n ** 18n - 300n, max: 10n ** 18n + 300n }),
);
const fee = fc.oneof(fc.constantFrom(0n, 1n, TWO_53, TWO_53 + 1n), fc.bigInt({ min: 0n, max: 2n ** 70n }));

const row = fc.record({
  maker: fc.constantFrom(`0x${'1'.repeat(40)}`, `0x${'2'.repeat(40)}`),
  pair: fc.constantFrom([0, 1], [1, 0], [0, 2], [2, 1]),
  makerSymbol: fc.constantFrom(...SYMBOLS),
  takerSymbol: fc.constantFrom(...SYMBOLS),
  makerAmount: amount,
  takerAmount: amount,
  makerFee: fee,
  takerFee: fee,
  expiration: fc.oneof(fc.constantFrom(1n, TWO_53, TWO_53 + 1n), fc.bigInt({ min: 0n, max: 2n ** 64n })),
  createdAt: fc.integer({ min: 0, max: 50 }),
});

interface RowValues {
  maker: string;
  pair: readonly number[];
  makerSymbol: string;
  takerSymbol: string;
  makerAmount: bigint;
  takerAmount: bigint;
  makerFee: bigint;
  takerFee: bigint;
  expiration: bigint;
  createdAt: number;
}

function bookRow(i: number, r: RowValues): BookRow {
  const [maker, taker] = r.pair as [number, number];
  return [
    fakeHash(i),
    1,
    'open',
    r.maker,
    NULL,
    TOKENS[maker] as string,
    TOKENS[taker] as string,
    r.makerSymbol,
    r.takerSymbol,
    NULL,
    NULL,
    String(r.makerAmount),
    String(r.takerAmount),
    String(r.makerFee),
    String(r.takerFee),
    String(r.expiration),
    String(i),
    27,
    fakeHash(`r${i}`),
    fakeHash(`s${i}`),
    '0',
    '0',
    String(r.takerAmount),
    String(r.makerAmount),
    r.createdAt,
    '[]',
  ];
}

type Change = { kind: 'add'; row: RowValues } | { kind: 'remove'; pick: number; again: boolean };

/**
 * The same change to both books: `loaded` (filled by load, indexes built later) and `added` (changed
 * one by one, the reference). An addition is row number `next`; a removal picks an order both hold and
 * may give it back (a book may be given an order it held before). Returns the next row number.
 */
function changeBoth(loaded: NetworkBook, added: NetworkBook, step: Change, next: number): number {
  if (step.kind === 'add') {
    const r = bookRow(next, step.row);
    loaded.add(orderFromRow(loaded, r));
    added.add(orderFromRow(added, r));
    return next + 1;
  }
  const all = [...added.orders.keys()].sort();
  if (all.length === 0) return next;
  const hash = all[step.pick % all.length] as string;
  const [held, other] = [loaded.get(hash) as BookOrder, added.get(hash) as BookOrder];
  loaded.remove(held);
  added.remove(other);
  if (step.again) {
    loaded.add(held);
    added.add(other);
  }
  return next;
}

const hashes = (index: SortedView<BookOrder>): string[] => {
  const out: string[] = [];
  index.walk(0, 1, (order) => void out.push(order.hash));
  return out;
};

/** Every index of `loaded` holds what the same orders added one at a time (each index's comparator) give. */
function expectSameBooks(loaded: NetworkBook, added: NetworkBook): void {
  expect(loaded.size).toBe(added.size);
  for (const field of storedSortFields) {
    expect(hashes(loaded.sortIndex(field)), field).toEqual(hashes(added.sortIndex(field)));
  }
  expect([...loaded.pairs.keys()].sort()).toEqual([...added.pairs.keys()].sort());
  for (const [key, pair] of added.pairs) {
    const other = loaded.pairs.get(key);
    if (!other) throw new Error(`pair ${key} missing`);
    for (const field of storedSortFields) {
      expect(hashes(other.sortIndex(field)), `${key} ${field}`).toEqual(hashes(pair.sortIndex(field)));
    }
    expect(hashes(other.bookIndex()), `${key} book`).toEqual(hashes(pair.bookIndex()));
    expect(hashes(other.priceIndex()), `${key} byPrice`).toEqual(hashes(pair.priceIndex()));
  }
  expect(new Map([...loaded.makers].map(([k, v]) => [k, v.size]))).toEqual(
    new Map([...added.makers].map(([k, v]) => [k, v.size])),
  );
  expect(loaded.exchangeCounts).toEqual(added.exchangeCounts);
  expect(loaded.takerCounts).toEqual(added.takerCounts);
}

describe('NetworkBook.load (a rebuild\u2019s bulk load)', () => {
  test('orders every index exactly as inserting one order at a time does (seeded property)', () => {
    const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
    console.log(`bulk load property: seed ${seed} (FC_SEED=${seed} replays)`);
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 300 }), fc.boolean(), (rows, shuffled) => {
        const all = rows.map((r, i) => bookRow(i, r));
        // Rebuilds read in hash order; load() must not depend on it.
        const input = shuffled ? [...all].reverse() : [...all].sort((a, b) => (a[0] < b[0] ? -1 : 1));
        const loaded = new NetworkBook();
        loaded.load(input.map((r) => orderFromRow(loaded, r)));
        const added = new NetworkBook();
        for (const r of all) added.add(orderFromRow(added, r));
        expectSameBooks(loaded, added);
      }),
      { seed, numRuns: 150 },
    );
  });

  test('indexes built after changes (lazily or by buildNext) hold what changing one by one does (seeded property)', () => {
    const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
    console.log(`lazy index property: seed ${seed} (FC_SEED=${seed} replays)`);
    const op = fc.oneof(
      fc.record({ kind: fc.constant('add' as const), row }),
      fc.record({ kind: fc.constant('remove' as const), pick: fc.nat(), again: fc.boolean() }),
      // Reads one index (which builds it): a sort of the book, or one of a pair's.
      fc.record({ kind: fc.constant('read' as const), pick: fc.nat(), index: fc.nat({ max: 9 }) }),
      fc.record({ kind: fc.constant('buildNext' as const) }),
    );
    fc.assert(
      fc.property(fc.array(row, { maxLength: 150 }), fc.array(op, { maxLength: 60 }), (rows, ops) => {
        const initial = rows.map((r, i) => bookRow(i, r)).sort((a, b) => (a[0] < b[0] ? -1 : 1));
        const loaded = new NetworkBook();
        loaded.load(initial.map((r) => orderFromRow(loaded, r)));
        const added = new NetworkBook();
        for (const r of initial) added.add(orderFromRow(added, r));
        let next = rows.length;
        for (const step of ops) {
          if (step.kind === 'add' || step.kind === 'remove') {
            next = changeBoth(loaded, added, step, next);
          } else if (step.kind === 'read') {
            const field = storedSortFields[
              step.index % storedSortFields.length
            ] as (typeof storedSortFields)[number];
            const pairs = [...loaded.pairs.values()];
            const pair = pairs[step.pick % Math.max(1, pairs.length)];
            if (step.pick % 4 === 0 || !pair) void loaded.sortIndex(field).size;
            else if (step.index === 8) void pair.bookIndex().size;
            else if (step.index === 9) void pair.priceIndex().size;
            else void pair.sortIndex(field).size;
          } else {
            loaded.buildNext();
          }
        }
        // Half the time every index is built by the background's way first, else each is built as read.
        if (ops.length % 2 === 0) {
          while (loaded.buildNext());
          expect(loaded.isComplete()).toBe(true);
        }
        expectSameBooks(loaded, added);
        expect(loaded.isComplete()).toBe(true);
        expect(loaded.buildNext()).toBe(false);
      }),
      { seed, numRuns: 150 },
    );
  });

  test('a build in slices, with changes and reads between its slices, ends as changing one by one does (seeded property)', () => {
    const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
    console.log(`sliced build property: seed ${seed} (FC_SEED=${seed} replays)`);
    const read = fc.record({
      kind: fc.constant('read' as const),
      // 0-7: a sort of the book; 8-15 a pair's sort, 16 a pair's book, 17 its price order.
      index: fc.nat({ max: 17 }),
      pair: fc.nat(),
      how: fc.constantFrom('first', 'last', 'at', 'cursor', 'cursorBack', 'counted', 'position'),
      position: fc.nat(),
      limit: fc.integer({ min: 1, max: 12 }),
    });
    const op = fc.oneof(
      fc.record({ kind: fc.constant('add' as const), row }),
      fc.record({ kind: fc.constant('remove' as const), pick: fc.nat(), again: fc.boolean() }),
      read,
      fc.record({ kind: fc.constant('slices' as const), count: fc.integer({ min: 1, max: 40 }) }),
    );
    fc.assert(
      fc.property(
        // Small books, and books past a sorted run (16) and several leaves: merges and multi-step loads.
        fc.oneof(
          fc.array(row, { maxLength: 12 }),
          fc.array(row, { minLength: 17, maxLength: 150, size: 'max' }),
        ),
        fc.array(op, { maxLength: 80 }),
        fc.integer({ min: 1, max: 16 }),
        (rows, ops, chunk) => {
          const initial = rows.map((r, i) => bookRow(i, r));
          const loaded = new NetworkBook({ chunk });
          // In no particular order, as PGlite reads the table.
          loaded.load([...initial].reverse().map((r) => orderFromRow(loaded, r)));
          const added = new NetworkBook();
          for (const r of initial) added.add(orderFromRow(added, r));
          let next = rows.length;
          const indexOf = (book: NetworkBook, index: number, key: string | undefined) => {
            const field = storedSortFields[index % 8] as (typeof storedSortFields)[number];
            if (index < 8 || key === undefined) return book.sortIndex(field);
            const pair = book.pairs.get(key) as NonNullable<ReturnType<NetworkBook['pair']>>;
            return index === 16 ? pair.bookIndex() : index === 17 ? pair.priceIndex() : pair.sortIndex(field);
          };
          for (const step of ops) {
            if (step.kind === 'add' || step.kind === 'remove') {
              next = changeBoth(loaded, added, step, next);
            } else if (step.kind === 'slices') {
              for (let k = 0; k < step.count; k++) loaded.buildNext(0);
            } else {
              // The same read of the same index of both books, as the views make it (an unbuilt
              // index answers without being built: PendingIndex).
              const keys = [...added.pairs.keys()].sort();
              const key = keys.length > 0 ? keys[step.pair % keys.length] : undefined;
              const mine = indexOf(loaded, step.index, key);
              const theirs = indexOf(added, step.index, key);
              expect(mine.size).toBe(theirs.size);
              const n = theirs.size;
              if (n === 0) continue;
              const where = `${step.how} of index ${step.index}`;
              const got = (index: SortedView<BookOrder>) => {
                const view = new IndexView(index);
                const at = step.position % n;
                const target = theirs.at(at) as BookOrder;
                const ordering = SORT_ORDERINGS[storedSortFields[step.index % 8] as StoredSortField];
                // A cursor at an order of the index (its key and hash), for the sorts of GET /order.
                const probe =
                  step.index < 16
                    ? ordering.probe(ordering.keyText(target), target.createdAt, target.hash)
                    : (order: BookOrder) =>
                        (step.index === 16 ? compareBookOrder : compareSraPrice)(order, target);
                switch (step.how) {
                  case 'first':
                    return view.slice(0, 1, step.limit);
                  case 'last':
                    return view.slice(n - 1, -1, step.limit);
                  case 'at':
                    return [index.at(at)];
                  case 'cursor':
                    return view.sliceFrom(probe, 1, step.limit);
                  case 'cursorBack':
                    return view.sliceFrom(probe, -1, step.limit);
                  case 'counted': {
                    // As UnionView reads its parts: a count (either way), then the orders from it.
                    const inclusive = at % 2 === 0;
                    const forward = at % 3 === 0;
                    const count = index.countBefore(probe, inclusive);
                    const page = index.slice(forward ? count : count - 1, forward ? 1 : -1, step.limit);
                    return [{ hash: `count ${count}` } as BookOrder, ...page];
                  }
                  default:
                    return view.slice(at, at % 2 === 0 ? 1 : -1, step.limit);
                }
              };
              expect(
                got(mine).map((o) => o?.hash),
                where,
              ).toEqual(got(theirs).map((o) => o?.hash));
            }
          }
          // The rest by the background, to the end.
          while (loaded.buildNext(0));
          expect(loaded.isComplete()).toBe(true);
          expectSameBooks(loaded, added);
        },
      ),
      { seed, numRuns: 200 },
    );
  });

  test('a large book of repeated and float-colliding keys loads as inserting does', () => {
    const rows: BookRow[] = [];
    for (let i = 0; i < 5000; i++) {
      rows.push(
        bookRow(i, {
          maker: `0x${String(i % 7).repeat(40)}`,
          pair: [i % 3, (i + 1) % 3],
          makerSymbol: SYMBOLS[i % SYMBOLS.length] as string,
          takerSymbol: SYMBOLS[(i * 5) % SYMBOLS.length] as string,
          // Prices a float division misorders (see `amount`), and repeated ones.
          makerAmount: 10n ** 18n - 300n + BigInt((i * 7919) % 601),
          takerAmount: i % 5 === 0 ? 10n ** 18n : 10n ** 18n - 300n + BigInt((i * 104_729) % 601),
          makerFee: TWO_53 + BigInt(i % 3),
          takerFee: BigInt(i % 4),
          expiration: 2n ** 64n - BigInt(i % 17),
          createdAt: i % 29,
        }),
      );
    }
    rows.sort((a, b) => (a[0] < b[0] ? -1 : 1));
    const loaded = new NetworkBook();
    loaded.load(rows.map((r) => orderFromRow(loaded, r)));
    const added = new NetworkBook();
    for (const r of rows) added.add(orderFromRow(added, r));
    expectSameBooks(loaded, added);
  });

  test('refuses an order given twice', () => {
    const r = bookRow(1, {
      maker: NULL,
      pair: [0, 1],
      makerSymbol: 'A',
      takerSymbol: 'B',
      makerAmount: 1n,
      takerAmount: 1n,
      makerFee: 0n,
      takerFee: 0n,
      expiration: 1n,
      createdAt: 1,
    });
    const book = new NetworkBook();
    expect(() => book.load([orderFromRow(book, r), orderFromRow(book, r)])).toThrow(/given twice/);
  });
});

describe('reading book rows', () => {
  const db = useTestDatabase();

  test('free-text symbols and shortfalls come back exactly, chunk by chunk', async () => {
    const symbols = ['tab\there', 'line\nfeed', 'quote"', 'back\\slash', '\u{1F600}', 'crlf\r\n', 'x'];
    await insertFakeOrders(
      db,
      'main',
      symbols.map((makerSymbol, i) => ({ makerSymbol, takerSymbol: symbols[(i + 3) % symbols.length] })),
    );
    const shortfalls = JSON.stringify([{ token: 'a\tb', kind: 'balance' }]);
    await db.query('UPDATE orders SET shortfalls = $1 WHERE network = $2 AND maker_token_symbol = $3', [
      shortfalls,
      'main',
      'x',
    ]);
    const rows: BookRow[] = [];
    let chunks = 0;
    // One block per chunk: several statements, each a TID range.
    await readOpenRows(
      db,
      'main',
      (chunk) => {
        chunks += 1;
        rows.push(...chunk);
      },
      1,
    );
    expect(chunks).toBeGreaterThan(0);
    expect(rows).toHaveLength(symbols.length);
    expect(rows.map((r) => r[7]).sort()).toEqual([...symbols].sort());
    for (const r of rows) {
      expect(r[8]).toBe(symbols[(symbols.indexOf(r[7]) + 3) % symbols.length]);
      expect(r[25]).toBe(r[7] === 'x' ? shortfalls : '[]');
      expect(typeof r[1]).toBe('number');
      expect(typeof r[17]).toBe('number');
      expect(typeof r[24]).toBe('number');
    }
    const none: BookRow[] = [];
    await readOpenRows(db, 'other', (chunk) => none.push(...chunk));
    expect(none).toEqual([]);
  });

  test('a row of the wrong shape is refused, not misread', () => {
    expect(() => decodeRows('0xab\t1\topen')).toThrow(/fields/);
    expect(decodeRows(null)).toEqual([]);
  });
});
