import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { MAX_UINT256 } from '../internal/hex';
import { ADDRESS_FIELDS, UINT_FIELDS } from '../order/hashOrder';
import { vectors } from '../vectors/vectors';
import { parseSignedOrder, readWellFormedOrder } from './parseSignedOrder';
import { parseWithSraErrors } from './parseWithSraErrors';
import { signedOrderSchema } from './signedOrderSchema';

// parseSignedOrder reads a well-formed order without zod; the schema stays the definition. These
// properties hold the two to the same answer on arbitrary input: the same orders taken, the same output
// (key order included), and the schema's refusals for everything else.

const order = vectors.orderA.signedOrder;
const hex = (length: number, chars = '0123456789abcdef') =>
  fc.string({ unit: fc.constantFrom(...chars), minLength: length, maxLength: length });

const oddValue = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.string(),
  fc.constant([]),
  fc.constant({}),
);
const address = fc.oneof(
  hex(40).map((h) => `0x${h}`),
  hex(40, '0123456789abcdefABCDEF').map((h) => `0x${h}`),
  hex(39).map((h) => `0x${h}`),
  hex(41).map((h) => `0x${h}`),
  hex(40).map((h) => `0X${h}`),
  hex(40),
  oddValue,
);
const uint = fc.oneof(
  fc.bigInt({ min: 0n, max: MAX_UINT256 }).map(String),
  fc.bigInt({ min: MAX_UINT256 - 5n, max: MAX_UINT256 + 5n }).map(String),
  fc.tuple(fc.nat(80), fc.bigInt({ min: 0n, max: MAX_UINT256 + 10n })).map(([z, n]) => '0'.repeat(z) + n),
  fc.constantFrom('', '0', '00', '-1', '+1', ' 1', '1 ', '1.5', '1e3', '0x10', '١٢', '1\n'),
  fc.nat().map((n) => n),
  oddValue,
);
const bytes32 = fc.oneof(
  hex(64, '0123456789abcdefABCDEF').map((h) => `0x${h}`),
  hex(63).map((h) => `0x${h}`),
  hex(64, '0123456789abcdefg').map((h) => `0x${h}`),
  oddValue,
);
const v = fc.oneof(fc.constantFrom(27, 28, 29, 0, 27.5, '27', -0), oddValue);
const signature = fc.oneof(
  fc.record({ v, r: bytes32, s: bytes32 }, { requiredKeys: [] }),
  fc.record({ v, r: bytes32, s: bytes32, extra: fc.string() }),
  oddValue,
);
/** One field of the order replaced (or removed, when the value is undefined). */
const change = fc.oneof(
  fc.tuple(fc.constantFrom(...ADDRESS_FIELDS), address),
  fc.tuple(fc.constantFrom(...UINT_FIELDS), uint),
  fc.tuple(fc.constant('ecSignature'), signature),
  fc.tuple(fc.constantFrom('orderHash', 'extra', '__proto__'), fc.oneof(fc.string(), oddValue)),
);
const candidate = fc.oneof(
  // The test vector with up to three fields replaced or removed: mostly one odd field in a valid order.
  fc.array(change, { maxLength: 3 }).map((changes) => {
    const copy: Record<string, unknown> = JSON.parse(JSON.stringify(order));
    for (const [field, value] of changes) {
      if (value === undefined) delete copy[field];
      else
        Object.defineProperty(copy, field, { value, enumerable: true, configurable: true, writable: true });
    }
    return copy;
  }),
  fc.constantFrom(order, {
    ...order,
    ecSignature: { ...order.ecSignature, r: `0x${order.ecSignature.r.slice(2).toUpperCase()}` },
  }),
  oddValue,
);

describe('readWellFormedOrder agrees with signedOrderSchema', () => {
  test('takes the test vector as the schema parses it', () => {
    expect(readWellFormedOrder(order)).toEqual(signedOrderSchema.parse(order));
  });

  test('property: takes exactly what the schema takes, with the same output; parseSignedOrder answers as the schema', () => {
    fc.assert(
      fc.property(candidate, fc.boolean(), (input, asText) => {
        const fast = readWellFormedOrder(input);
        const schema = signedOrderSchema.safeParse(input);
        expect(fast !== undefined).toBe(schema.success);
        if (fast !== undefined && schema.success)
          expect(JSON.stringify(fast)).toBe(JSON.stringify(schema.data));
        const body = asText && input !== undefined ? JSON.stringify(input) : input;
        expect(parseSignedOrder(body)).toEqual(parseWithSraErrors(signedOrderSchema, body));
      }),
      { numRuns: 3000 },
    );
  });
});
