import { setTimeout as sleep } from 'node:timers/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { expect, test } from 'vitest';
import { BookOrder } from './BookOrder.js';
import { BookTexts } from './BookTexts.js';
import { packSignature, signatureR, signatureS, signatureV } from './packSignature.js';

const R = `0x${'0123456789abcdef'.repeat(4)}`;
const S = `0x${'fedcba9876543210'.repeat(4)}`;
const texts = new BookTexts();
const terms = { exchange: '0xe', taker: '0x0', feeRecipient: '0xf' };

function order(
  chain: { filled?: bigint; fillableTaker?: bigint; shortfalls?: string; makerSymbol?: string } = {},
) {
  return new BookOrder(
    {
      hash: `0x${'ab'.repeat(32)}`,
      maker: '0xmaker',
      makerToken: '0xmt',
      takerToken: '0xtt',
      makerSymbol: chain.makerSymbol ?? 'MKR',
      takerSymbol: 'TKR',
      terms,
      makerAmount: 10n,
      takerAmount: 20n,
      makerFee: 1n,
      takerFee: 1n,
      expiration: 1_900_000_000n,
      salt: 42n,
      signature: packSignature(28, R, S),
      createdAt: 1_764_300_000_123,
      version: 3,
      filled: chain.filled ?? 0n,
      cancelled: 0n,
      fillableTaker: chain.fillableTaker ?? 20n,
      fillableMaker: 10n,
      shortfalls: chain.shortfalls ?? '[]',
    },
    texts,
  );
}

const chainState = (o: BookOrder) => [
  o.filled,
  o.cancelled,
  o.fillableTaker,
  o.fillableMaker,
  o.shortfalls,
  o.version,
];

test('keeps what it was built with, in whichever compact form', () => {
  const untouched = order();
  const touched = order({ filled: 5n, fillableTaker: 15n, shortfalls: '[{"x":1}]' });
  for (const o of [untouched, touched]) {
    expect([o.makerToken, o.takerToken, o.makerSymbol, o.takerSymbol]).toEqual([
      '0xmt',
      '0xtt',
      'MKR',
      'TKR',
    ]);
    expect(o.createdAt).toBe(1_764_300_000_123);
  }
  expect(chainState(untouched)).toEqual([0n, 0n, 20n, 10n, '[]', 3]);
  expect(chainState(touched)).toEqual([5n, 0n, 15n, 10n, '[{"x":1}]', 3]);
});

test('a change of chain state reads back, and leaves the other fields as they were', () => {
  const o = order();
  o.version = 4;
  o.filled = 0n;
  o.fillableTaker = 20n;
  expect(chainState(o)).toEqual([0n, 0n, 20n, 10n, '[]', 4]);
  o.filled = 7n;
  expect(chainState(o)).toEqual([7n, 0n, 20n, 10n, '[]', 4]);
  o.cancelled = 1n;
  o.fillableTaker = 12n;
  o.fillableMaker = 6n;
  o.shortfalls = '[{"y":2}]';
  o.version = 5;
  expect(chainState(o)).toEqual([7n, 1n, 12n, 6n, '[{"y":2}]', 5]);
  o.filled = 0n;
  o.cancelled = 0n;
  o.fillableTaker = 20n;
  o.fillableMaker = 10n;
  o.shortfalls = '[]';
  expect(chainState(o)).toEqual([0n, 0n, 20n, 10n, '[]', 5]);
  expect([o.makerAmount, o.takerAmount, o.createdAt, o.makerSymbol]).toEqual([
    10n,
    20n,
    1_764_300_000_123,
    'MKR',
  ]);
});

test('writes createdAt as String() does', () => {
  const at = (createdAt: number) =>
    new BookOrder(
      {
        hash: '0x',
        maker: '0x',
        makerToken: '0x',
        takerToken: '0x',
        makerSymbol: '',
        takerSymbol: '',
        terms,
        makerAmount: 1n,
        takerAmount: 1n,
        makerFee: 0n,
        takerFee: 0n,
        expiration: 1n,
        salt: 1n,
        signature: '',
        createdAt,
        version: 1,
        filled: 0n,
        cancelled: 0n,
        fillableTaker: 1n,
        fillableMaker: 1n,
        shortfalls: '[]',
      },
      texts,
    );
  for (const createdAt of [
    0,
    7,
    999_999,
    1_000_000,
    1_000_001,
    1_764_300_000_123,
    1_764_300_000_000,
    2 ** 53 - 1,
    1.5,
    -3,
    -1_000_001,
  ]) {
    expect(at(createdAt).createdAtText, String(createdAt)).toBe(String(createdAt));
    expect(at(createdAt).createdAt).toBe(createdAt);
  }
});

test('another symbol of the same tokens is other text', () => {
  expect(order({ makerSymbol: 'NEW' }).makerSymbol).toBe('NEW');
  expect(order().makerSymbol).toBe('MKR');
});

test('the packed signature gives back v, r and s', () => {
  const packed = packSignature(27, R, S);
  expect(signatureV(packed)).toBe(27);
  expect(signatureR(packed)).toBe(R);
  expect(signatureS(packed)).toBe(S);
});

test('pair texts no order refers to any more are let go', async () => {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const before = texts.countPairTexts();
  let orders: BookOrder[] | undefined = Array.from({ length: 500 }, (_, i) =>
    order({ makerSymbol: `CHURN${i}` }),
  );
  expect(new Set(orders.map((o) => o.makerSymbol)).size).toBe(500);
  expect(texts.countPairTexts()).toBeGreaterThanOrEqual(before + 500);
  // Two orders of one pair and symbols share one object.
  expect(order({ makerSymbol: 'CHURN1' }).makerToken).toBe(orders[1]?.makerToken);
  orders = undefined;
  for (let i = 0; i < 50 && texts.countPairTexts() >= before + 500; i++) {
    gc();
    await sleep(10);
  }
  expect(texts.countPairTexts()).toBeLessThan(before + 500);
});
