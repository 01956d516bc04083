import { NULL_ADDRESS, type Order } from '@relayer/protocol';
import { describe, expect, test } from 'vitest';
import type { OrderChainState } from '../chain/createChainReader.js';
import { findShortfalls } from './findShortfalls.js';

const ZRX = `0x${'2'.repeat(40)}` as const;
const REP = `0x${'a'.repeat(40)}` as const;
const WETH = `0x${'b'.repeat(40)}` as const;
const FEES = `0x${'f'.repeat(40)}` as const;

const order = (fields: Partial<Order> = {}): Order => ({
  exchangeContractAddress: `0x${'e'.repeat(40)}`,
  maker: `0x${'1'.repeat(40)}`,
  taker: NULL_ADDRESS,
  makerTokenAddress: REP,
  takerTokenAddress: WETH,
  feeRecipient: FEES,
  makerTokenAmount: '1000',
  takerTokenAmount: '300',
  makerFee: '90',
  takerFee: '0',
  expirationUnixTimestampSec: '4102444800',
  salt: '1',
  ...fields,
});

const funds = (fields: Partial<OrderChainState> = {}): OrderChainState => ({
  filledTakerTokenAmount: 0n,
  cancelledTakerTokenAmount: 0n,
  makerBalance: 10_000n,
  makerAllowance: 10_000n,
  makerZrxBalance: 10_000n,
  makerZrxAllowance: 10_000n,
  blockNumber: 1n,
  zrxAddress: ZRX,
  ...fields,
});

describe('findShortfalls', () => {
  test('amounts whose products exceed uint256 do not throw (the watcher re-verifies such orders too)', () => {
    const huge = (2n ** 256n - 1n).toString();
    const shortfalls = findShortfalls(
      order({ makerTokenAmount: huge, takerTokenAmount: huge, makerFee: '1' }),
      funds({ makerBalance: 0n }),
      2n ** 255n,
    );
    expect(shortfalls.map((s) => [s.token, s.kind, s.required])).toEqual([
      [REP, 'allowance', (2n ** 255n).toString()],
      [REP, 'balance', (2n ** 255n).toString()],
    ]);
  });

  test('nothing when the maker covers the remaining amount and fee', () => {
    expect(findShortfalls(order(), funds(), 300n)).toEqual([]);
    expect(findShortfalls(order(), funds({ makerBalance: 1000n, makerZrxAllowance: 90n }), 300n)).toEqual([]);
  });

  test('names the maker token and ZRX separately, allowance before balance, for what remains (floor-rounded)', () => {
    // 100 of 300 taker units remain: floor(100 × 1000 / 300) = 333 REP and floor(100 × 90 / 300) = 30 ZRX.
    const found = findShortfalls(
      order(),
      funds({ makerBalance: 200n, makerAllowance: 0n, makerZrxBalance: 29n, makerZrxAllowance: 30n }),
      100n,
    );
    expect(found).toEqual([
      { token: REP, kind: 'allowance', covers: 'amount', required: '333', available: '0' },
      { token: REP, kind: 'balance', covers: 'amount', required: '333', available: '200' },
      { token: ZRX, kind: 'balance', covers: 'fee', required: '30', available: '29' },
    ]);
  });

  test('one ZRX pool for amount and fee when ZRX is the maker token', () => {
    const found = findShortfalls(order({ makerTokenAddress: ZRX }), funds({ makerBalance: 1089n }), 300n);
    expect(found).toEqual([
      { token: ZRX, kind: 'balance', covers: 'amountAndFee', required: '1090', available: '1089' },
    ]);
  });

  test('no fee is needed without a fee recipient or with a zero maker fee', () => {
    const broke = funds({ makerZrxBalance: 0n, makerZrxAllowance: 0n });
    expect(findShortfalls(order({ feeRecipient: NULL_ADDRESS }), broke, 300n)).toEqual([]);
    expect(findShortfalls(order({ makerFee: '0' }), broke, 300n)).toEqual([]);
    expect(
      findShortfalls(order({ makerTokenAddress: ZRX, makerFee: '0' }), funds({ makerBalance: 5n }), 300n),
    ).toEqual([{ token: ZRX, kind: 'balance', covers: 'amount', required: '1000', available: '5' }]);
  });

  test('nothing remains, nothing is missing', () => {
    expect(findShortfalls(order(), funds({ makerBalance: 0n, makerAllowance: 0n }), 0n)).toEqual([]);
  });
});
