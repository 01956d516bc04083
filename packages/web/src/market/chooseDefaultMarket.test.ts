import type { Address } from '@relayer/protocol';
import { describe, expect, test } from 'vitest';
import { chooseDefaultMarket } from './chooseDefaultMarket';

const [WETH, ZRX, MKR, REP, FAKE] = ['0xa', '0xb', '0xc', '0xd', '0xe'].map(
  (a) => a.padEnd(42, '0') as Address,
);
const listed = new Set([WETH, ZRX, MKR, REP] as string[]);
const order = (maker: string | undefined, taker: string | undefined) => ({
  makerTokenAddress: maker as Address,
  takerTokenAddress: taker as Address,
});

describe('chooseDefaultMarket', () => {
  test('the pair with the most orders in either direction, quoted in WETH', () => {
    const orders = [order(ZRX, WETH), order(WETH, MKR), order(MKR, WETH), order(REP, ZRX)];
    expect(chooseDefaultMarket({ orders, listed, weth: WETH, zrx: ZRX })).toEqual({ base: MKR, quote: WETH });
  });

  test('without WETH, quoted in what the first order asks for; unlisted tokens do not count', () => {
    const orders = [order(REP, MKR), order(FAKE, WETH), order(FAKE, WETH), order(MKR, REP)];
    expect(chooseDefaultMarket({ orders, listed, weth: WETH, zrx: ZRX })).toEqual({ base: REP, quote: MKR });
  });

  test('an empty book opens ZRX/WETH, or nothing when they are not listed', () => {
    expect(chooseDefaultMarket({ orders: [], listed, weth: WETH, zrx: ZRX })).toEqual({
      base: ZRX,
      quote: WETH,
    });
    expect(chooseDefaultMarket({ orders: [], listed: new Set(), weth: WETH, zrx: ZRX })).toBeUndefined();
  });
});
