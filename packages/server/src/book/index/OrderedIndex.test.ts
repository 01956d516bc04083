import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { OrderedIndex } from './OrderedIndex.js';

const byNumber = (a: number, b: number) => a - b;

/** Everything the index answers, checked against a sorted array after each operation. */
function expectSameAs(index: OrderedIndex<number>, model: number[]): void {
  expect(index.size).toBe(model.length);
  const walked: number[] = [];
  index.walk(0, 1, (item) => void walked.push(item));
  expect(walked).toEqual(model);
  const backwards: number[] = [];
  index.walk(model.length - 1, -1, (item) => void backwards.push(item));
  expect(backwards).toEqual([...model].reverse());
  for (const i of [0, 1, model.length >> 1, model.length - 2, model.length - 1]) {
    if (i >= 0 && i < model.length) expect(index.at(i)).toBe(model[i]);
  }
  expect(index.at(model.length)).toBeUndefined();
}

describe('OrderedIndex', () => {
  test('agrees with a sorted array over any sequence of inserts, deletes and loads (seeded property)', () => {
    const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
    console.log(`OrderedIndex property: seed ${seed}`);
    const operation = fc.oneof(
      {
        weight: 6,
        arbitrary: fc.record({
          kind: fc.constant('insert' as const),
          value: fc.integer({ min: 0, max: 5000 }),
        }),
      },
      {
        weight: 4,
        arbitrary: fc.record({
          kind: fc.constant('delete' as const),
          value: fc.integer({ min: 0, max: 5000 }),
        }),
      },
      {
        weight: 1,
        arbitrary: fc.record({
          kind: fc.constant('load' as const),
          values: fc.uniqueArray(fc.integer({ min: 0, max: 5000 }), { maxLength: 400 }),
        }),
      },
      {
        weight: 1,
        arbitrary: fc.record({
          kind: fc.constant('bulk' as const),
          from: fc.integer({ min: 0, max: 5000 }),
          count: fc.nat(300),
          keepEvery: fc.integer({ min: 2, max: 9 }),
        }),
      },
    );
    fc.assert(
      // Small capacities make deep trees of few items, so branches split and merge too.
      fc.property(
        fc.constantFrom(4, 5, 8, 64),
        fc.array(operation, { maxLength: 120 }),
        fc.integer({ min: 0, max: 5000 }),
        (capacity, operations, probe) => {
          const index = new OrderedIndex(byNumber, capacity);
          let model: number[] = [];
          for (const op of operations) {
            if (op.kind === 'insert' && !model.includes(op.value)) {
              index.insert(op.value);
              model = [...model, op.value].sort(byNumber);
            } else if (op.kind === 'delete') {
              expect(index.delete(op.value)).toBe(model.includes(op.value));
              model = model.filter((v) => v !== op.value);
            } else if (op.kind === 'load') {
              model = [...op.values].sort(byNumber);
              index.load(model);
            } else if (op.kind === 'bulk') {
              // Enough inserts, then deletes, in one place to split and merge leaves and branches.
              for (let v = op.from; v < op.from + op.count; v++) {
                if (!model.includes(v)) {
                  index.insert(v);
                  model.push(v);
                }
              }
              model.sort(byNumber);
              // Thinned out, so leaves and branches fall below their fill and merge.
              for (let v = op.from; v < op.from + op.count; v++) {
                if ((v - op.from) % op.keepEvery === 0) continue;
                index.delete(v);
                model = model.filter((m) => m !== v);
              }
            }
          }
          expectSameAs(index, model);
          const below = model.filter((v) => v < probe).length;
          expect(index.countBefore((item) => item - probe)).toBe(below);
          expect(index.countBefore((item) => item - probe, true)).toBe(
            model.filter((v) => v <= probe).length,
          );
          expect(index.slice(below, 1, 3)).toEqual(model.slice(below, below + 3));
          // Slices across leaves, both ways, from every position the probe picks (and past the ends).
          const limit = 1 + (probe % 23);
          for (const from of [below - 1, below, below + 1, model.length - 1, model.length]) {
            const forward = from < 0 || from >= model.length ? [] : model.slice(from, from + limit);
            expect(index.slice(from, 1, limit)).toEqual(forward);
            const back =
              from < 0 || from >= model.length
                ? []
                : model.slice(Math.max(0, from - limit + 1), from + 1).reverse();
            expect(index.slice(from, -1, limit)).toEqual(back);
          }
          // Every item is still found where the descent looks for it.
          for (const v of model) expect(index.delete(v)).toBe(true);
          expect(index.size).toBe(0);
        },
      ),
      { seed, numRuns: 300, verbose: true },
    );
  });

  test('a hundred thousand items in random order: positions, counts and deletes of every other one', () => {
    const index = new OrderedIndex(byNumber);
    const values = Array.from({ length: 100_000 }, (_, i) => i);
    let state = 7;
    for (let i = values.length - 1; i > 0; i--) {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      const j = state % (i + 1);
      [values[i], values[j]] = [values[j] as number, values[i] as number];
    }
    for (const v of values) index.insert(v);
    expect(index.size).toBe(100_000);
    expect(index.at(54_321)).toBe(54_321);
    for (const v of values) if (v % 2 === 1) index.delete(v);
    expect(index.size).toBe(50_000);
    expect(index.at(12_345)).toBe(24_690);
    expect(index.countBefore((item) => item - 77_777)).toBe(38_889);
    expect(index.slice(49_998, 1, 5)).toEqual([99_996, 99_998]);
    expect(index.slice(1, -1, 5)).toEqual([2, 0]);
    for (const v of values) index.delete(v);
    expect(index.size).toBe(0);
    expect(index.at(0)).toBeUndefined();
    index.insert(5);
    expect(index.slice(0, 1, 2)).toEqual([5]);
  });
});
