import type { Hex } from '@relayer/protocol';
import { describe, expect, test } from 'vitest';
import { logErrorLog, logFillLog } from '../test/exchangeLogs';
import { EXCHANGE, WETH, ZRX } from '../test/fixtures';
import { decodeMarketFills } from './decodeMarketFills';
import { describeMarketResult } from './describeMarketResult';

const [A, B, C, D] = ['a', 'b', 'c', 'd'].map((digit) => `0x${digit.repeat(64)}` as Hex) as [
  Hex,
  Hex,
  Hex,
  Hex,
];
const E18 = 10n ** 18n;

describe('decodeMarketFills', () => {
  test('each order sent gets its outcome: filled, skipped with its LogError, or not reached', () => {
    const logs = [
      logFillLog(EXCHANGE, A, { filledMakerTokenAmount: 100n * E18, filledTakerTokenAmount: E18 }),
      logErrorLog(EXCHANGE, 3, B),
      logFillLog(EXCHANGE, C, { filledMakerTokenAmount: 50n * E18, filledTakerTokenAmount: 6n * 10n ** 17n }),
      // Another contract's event with the same shape says nothing about this trade.
      logFillLog(WETH.address, D, { filledMakerTokenAmount: 1n, filledTakerTokenAmount: 1n }),
    ];
    const fills = decodeMarketFills(logs, EXCHANGE.toUpperCase().replace('0X', '0x'), [A, B, C, D]);
    expect(fills.orders).toEqual([
      { orderHash: A, kind: 'filled', filledMakerTokenAmount: 100n * E18, filledTakerTokenAmount: E18 },
      { orderHash: B, kind: 'skipped', errorId: 3, code: 'INSUFFICIENT_BALANCE_OR_ALLOWANCE' },
      {
        orderHash: C,
        kind: 'filled',
        filledMakerTokenAmount: 50n * E18,
        filledTakerTokenAmount: 6n * 10n ** 17n,
      },
      { orderHash: D, kind: 'notReached' },
    ]);
    expect(fills.received).toBe(150n * E18);
    expect(fills.paid).toBe(16n * 10n ** 17n);
  });

  test('the result says what was bought for what at what average price, and which order was skipped', () => {
    const fills = decodeMarketFills(
      [
        logFillLog(EXCHANGE, A, { filledMakerTokenAmount: 100n * E18, filledTakerTokenAmount: E18 }),
        logErrorLog(EXCHANGE, 3, B),
        logFillLog(EXCHANGE, C, {
          filledMakerTokenAmount: 50n * E18,
          filledTakerTokenAmount: 6n * 10n ** 17n,
        }),
      ],
      EXCHANGE,
      [A, B, C],
    );
    const maker = `0x${'5'.repeat(40)}` as const;
    const rows = [A, B, C].map((orderHash) => ({
      orderHash,
      maker,
      baseAmount: 0n,
      quoteAmount: 0n,
      price: { numerator: 1n, denominator: 1n },
      takerFee: 0n,
    }));
    expect(describeMarketResult({ fills, side: 'buy', base: ZRX, quote: WETH, rows })).toEqual({
      summary: 'Bought 150 ZRX for 1.6 WETH, an average price of 0.010666667 WETH per ZRX.',
      skipped: [
        'Skipped the order of maker 0x555555…: its maker (or you) no longer held or had approved enough.',
      ],
    });
    expect(
      describeMarketResult({
        fills: { ...fills, orders: [], paid: 0n, received: 0n },
        side: 'sell',
        base: ZRX,
        quote: WETH,
        rows,
      }).summary,
    ).toBe('Nothing was traded: the Exchange skipped every order.');
  });
});
