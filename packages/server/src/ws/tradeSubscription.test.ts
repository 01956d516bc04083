import type { TradeRecord } from '@relayer/protocol';
import { describe, expect, test } from 'vitest';
import { type TradeFilter, tradeEventKeys, tradeMatches, tradeSubscriptionKey } from './tradeSubscription.js';

const address = (c: string) => `0x${c.repeat(40)}` as const;
const [A, B, C] = [address('a'), address('b'), address('c')];
const [MAKER, TAKER, OTHER] = [address('1'), address('2'), address('3')];

const trade = (overrides: Partial<TradeRecord> = {}): TradeRecord => ({
  transactionHash: `0x${'e'.repeat(64)}`,
  blockNumber: 10,
  blockHash: `0x${'f'.repeat(64)}`,
  logIndex: 0,
  timestamp: 1_700_000_000,
  orderHash: `0x${'d'.repeat(64)}`,
  maker: MAKER,
  taker: TAKER,
  feeRecipient: address('0'),
  makerTokenAddress: A,
  takerTokenAddress: B,
  filledMakerTokenAmount: '10',
  filledTakerTokenAmount: '2',
  paidMakerFee: '0',
  paidTakerFee: '0',
  ...overrides,
});

/** What the hub does: a subscription sees a trade when its key is among the trade's keys and it matches. */
const delivered = (filter: TradeFilter, t: TradeRecord) =>
  tradeEventKeys(t).includes(tradeSubscriptionKey(filter)) && tradeMatches(filter, t);

describe('trades subscriptions', () => {
  test.each<[string, TradeFilter, boolean[]]>([
    // Trades: A/B by MAKER to TAKER; B/A (the other direction); A/C; A/B self-trade of OTHER.
    ['no filter: every trade', {}, [true, true, true, true]],
    ['a market, either direction', { baseTokenAddress: A, quoteTokenAddress: B }, [true, true, false, true]],
    [
      'the market named the other way round',
      { baseTokenAddress: B, quoteTokenAddress: A },
      [true, true, false, true],
    ],
    ['a trader as maker or taker', { trader: TAKER }, [true, true, true, false]],
    [
      'a trader in one market',
      { trader: MAKER, baseTokenAddress: A, quoteTokenAddress: C },
      [false, false, true, false],
    ],
    ['a self-trade', { trader: OTHER }, [false, false, false, true]],
  ])('%s', (_, filter, expected) => {
    const trades = [
      trade(),
      trade({ makerTokenAddress: B, takerTokenAddress: A, maker: TAKER, taker: MAKER }),
      trade({ takerTokenAddress: C }),
      trade({ maker: OTHER, taker: OTHER }),
    ];
    expect(trades.map((t) => delivered(filter, t))).toEqual(expected);
  });

  test('a self-trade is looked up under its trader once', () => {
    const keys = tradeEventKeys(trade({ maker: OTHER, taker: OTHER }));
    expect(keys.filter((k) => k === `t:a:${OTHER}`)).toHaveLength(1);
  });
});
