import fc from 'fast-check';
import { expect, test } from 'vitest';
import { TEST_SEED } from '../../test/helpers/testSeed.js';
import { parseJsonExact } from './parseJsonExact';

test('keeps every digit of a number and leaves strings alone', () => {
  expect(
    parseJsonExact(
      '{"a": 0.1000000000000000055511151231257827, "b": [1e-7, -2, 0], "c": "x\\"1.5", "1": true}',
    ),
  ).toEqual({ a: '0.1000000000000000055511151231257827', b: ['1e-7', '-2', '0'], c: 'x"1.5', 1: true });
  expect(parseJsonExact('{"usd":65000.12,"last_updated_at":1767225600}')).toEqual({
    usd: '65000.12',
    last_updated_at: '1767225600',
  });
});

test('refuses what JSON.parse refuses', () => {
  for (const bad of ['', '{"a":', '{"a": 01}', '[- 1]', '{"a": .5}', '{"a": "unterminated}', 'NaN', '{a: 1}'])
    expect(() => parseJsonExact(bad), bad).toThrow();
});

test('equals JSON.parse with each number replaced by its JSON text, for any JSON value', () => {
  const asText = (value: unknown): unknown => {
    if (typeof value === 'number') return JSON.stringify(value);
    if (Array.isArray(value)) return value.map(asText);
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asText(v)]));
    return value;
  };
  fc.assert(
    fc.property(fc.jsonValue(), fc.constantFrom(0, 2), (value, indent) => {
      const text = JSON.stringify(value, null, indent);
      expect(parseJsonExact(text)).toEqual(asText(JSON.parse(text)));
    }),
    { seed: TEST_SEED, numRuns: 1000 },
  );
});
