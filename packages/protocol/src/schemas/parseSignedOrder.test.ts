import { describe, expect, test } from 'vitest';
import { vectors } from '../vectors/vectors';
import { parseSignedOrder } from './parseSignedOrder';

const order = vectors.orderA.signedOrder;

function errorsOf(input: unknown) {
  const result = parseSignedOrder(input);
  if (result.success) throw new Error('expected the order to be refused');
  return result.errors;
}

describe('parseSignedOrder', () => {
  test('accepts a signed order object', () => {
    expect(parseSignedOrder(order)).toEqual({ success: true, data: order });
  });

  test('accepts the same order as JSON text', () => {
    expect(parseSignedOrder(JSON.stringify(order))).toEqual({ success: true, data: order });
  });

  test('answers malformed JSON distinctly, for SRA code 101', () => {
    expect(parseSignedOrder('{"maker": ')).toEqual({ success: false, malformedJson: true, errors: [] });
  });

  test('reports a missing field as required (1000)', () => {
    const { salt: _, ...withoutSalt } = order;
    expect(errorsOf(withoutSalt)).toEqual([{ field: 'salt', code: 1000, reason: 'is required' }]);
  });

  test('reports a checksummed or malformed address as an invalid address (1002)', () => {
    const errors = errorsOf({ ...order, maker: '0x5409ED021D9299bf6814279A6A1411A7e866A631', taker: 7 });
    expect(errors.map(({ field, code }) => ({ field, code }))).toEqual([
      { field: 'maker', code: 1002 },
      { field: 'taker', code: 1002 },
    ]);
    expect(errors[0]?.reason).toMatch(/lower-case hex/);
  });

  test('reports a fractional or numeric amount as an incorrect format (1001)', () => {
    const errors = errorsOf({ ...order, makerTokenAmount: '1.5', takerTokenAmount: 200 });
    expect(errors.map(({ field, code }) => ({ field, code }))).toEqual([
      { field: 'makerTokenAmount', code: 1001 },
      { field: 'takerTokenAmount', code: 1001 },
    ]);
  });

  test('reports an amount of 2^256 as out of range (1004)', () => {
    expect(errorsOf({ ...order, salt: (1n << 256n).toString() })).toEqual([
      { field: 'salt', code: 1004, reason: 'must be less than 2^256' },
    ]);
  });

  test('reports signature problems as invalid ECDSA (1005) with dotted paths', () => {
    const errors = errorsOf({ ...order, ecSignature: { v: 29, r: '0x12', s: order.ecSignature.s } });
    expect(errors.map(({ field, code }) => ({ field, code }))).toEqual([
      { field: 'ecSignature.v', code: 1005 },
      { field: 'ecSignature.r', code: 1005 },
    ]);
  });

  test('reports a missing signature part as required', () => {
    expect(errorsOf({ ...order, ecSignature: { v: 27, r: order.ecSignature.r } })).toEqual([
      { field: 'ecSignature.s', code: 1000, reason: 'is required' },
    ]);
  });

  test('refuses a body that is not an object with an empty field path', () => {
    for (const body of [[], null, 42, '"just a string"']) {
      expect(errorsOf(body)).toEqual([{ field: '', code: 1001, reason: expect.any(String) }]);
    }
  });

  test('reports every problem at once', () => {
    expect(errorsOf({}).map((e) => e.field)).toEqual([
      'exchangeContractAddress',
      'maker',
      'taker',
      'makerTokenAddress',
      'takerTokenAddress',
      'feeRecipient',
      'makerTokenAmount',
      'takerTokenAmount',
      'makerFee',
      'takerFee',
      'expirationUnixTimestampSec',
      'salt',
      'ecSignature',
    ]);
  });

  test('strips extra keys from the parsed order', () => {
    const result = parseSignedOrder({ ...order, orderHash: vectors.orderA.orderHash });
    expect(result.success && 'orderHash' in result.data).toBe(false);
  });
});
