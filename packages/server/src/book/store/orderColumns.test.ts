import { expect, test } from 'vitest';
import {
  BOOK_FIELD_COUNT,
  BOOK_FIELDS,
  BOOK_TEXT,
  ORDER_COLUMNS,
  orderRowValues,
  WRITE_COLUMNS,
} from './orderColumns.js';

const ORDER = {
  exchangeContractAddress: '0x00000000000000000000000000000000000000e1',
  maker: '0x00000000000000000000000000000000000000a1',
  taker: '0x0000000000000000000000000000000000000000',
  makerTokenAddress: '0x00000000000000000000000000000000000000b1',
  takerTokenAddress: '0x00000000000000000000000000000000000000b2',
  feeRecipient: '0x00000000000000000000000000000000000000f1',
  makerTokenAmount: '10',
  takerTokenAmount: '20',
  makerFee: '1',
  takerFee: '2',
  expirationUnixTimestampSec: String(2n ** 70n),
  salt: '42',
  ecSignature: { v: 27, r: `0x${'11'.repeat(32)}`, s: `0x${'22'.repeat(32)}` },
} as const;

test('the writer gets every written column once, each with its own value', () => {
  const values = orderRowValues({
    network: 'main',
    order: ORDER,
    orderHash: `0x${'ab'.repeat(32)}`,
    makerSymbol: 'AAA',
    takerSymbol: 'BBB',
    chainState: { filledTakerTokenAmount: 3n, cancelledTakerTokenAmount: 4n, blockNumber: 99n },
    computed: { state: 'open', fillableTakerTokenAmount: 13n, fillableMakerTokenAmount: 6n },
    nowMs: 1_800_000_000_000,
  } as unknown as Parameters<typeof orderRowValues>[0]);
  expect(new Set(WRITE_COLUMNS).size).toBe(WRITE_COLUMNS.length);
  expect(Object.fromEntries(WRITE_COLUMNS.map((column, i) => [column, values[i]]))).toEqual({
    network: 'main',
    hash: `0x${'ab'.repeat(32)}`,
    exchange: ORDER.exchangeContractAddress,
    maker: ORDER.maker,
    taker: ORDER.taker,
    maker_token: ORDER.makerTokenAddress,
    taker_token: ORDER.takerTokenAddress,
    maker_token_symbol: 'AAA',
    taker_token_symbol: 'BBB',
    fee_recipient: ORDER.feeRecipient,
    maker_token_amount: '10',
    taker_token_amount: '20',
    maker_fee: '1',
    taker_fee: '2',
    expiration: String(2n ** 70n),
    // Beyond a bigint column: clamped, it sorts as never expiring.
    expires_at: String((1n << 63n) - 1n),
    salt: '42',
    v: 27,
    r: ORDER.ecSignature.r,
    s: ORDER.ecSignature.s,
    state: 'open',
    filled_taker: '3',
    cancelled_taker: '4',
    fillable_taker: '13',
    fillable_maker: '6',
    created_at: 1_800_000_000_000,
    updated_at: 1_800_000_000_000,
    validated_block: '99',
  });
});

test('the queries read the columns OrderRow holds', () => {
  expect(ORDER_COLUMNS.split(', ').sort()).toEqual(
    [
      'hash',
      'exchange',
      'maker',
      'taker',
      'maker_token',
      'taker_token',
      'fee_recipient',
      'maker_token_amount',
      'taker_token_amount',
      'maker_fee',
      'taker_fee',
      'expiration',
      'salt',
      'v',
      'r',
      's',
      'state',
      'filled_taker',
      'cancelled_taker',
      'fillable_taker',
      'fillable_maker',
      'created_at',
      'reason',
      'shortfalls',
    ].sort(),
  );
});

test("the book's row text has one field per book column, in the decoder's order", () => {
  expect(BOOK_FIELD_COUNT).toBe(25);
  expect(Object.keys(BOOK_FIELDS)).toHaveLength(BOOK_FIELD_COUNT);
  expect([BOOK_FIELDS.hash, BOOK_FIELDS.shortfalls]).toEqual([0, BOOK_FIELD_COUNT - 1]);
  expect(BOOK_TEXT.replace(/\s+/g, ' ')).toBe(
    "concat_ws(E'\\t', hash, version, created_at, maker, exchange, taker, fee_recipient, maker_token, taker_token, " +
      'to_json(maker_token_symbol), to_json(taker_token_symbol), maker_token_amount, taker_token_amount, maker_fee, ' +
      'taker_fee, expiration, salt, filled_taker, cancelled_taker, fillable_taker, fillable_maker, v, r, s, ' +
      "CASE WHEN shortfalls = '[]' THEN '[]' ELSE to_json(shortfalls)::text END)",
  );
});
