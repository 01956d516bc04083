import { type Address, formatPercent } from '@relayer/protocol';
import { describe, expect, test } from 'vitest';
import { MAKER, TAKER, USDC, WETH, ZRX } from '../test/fixtures';
import { marketQuote, quotedOrder } from '../test/quoteFixtures';
import { formatSignificant } from './exactPrice';
import { reviewMarketQuote } from './reviewMarketQuote';

const E18 = 10n ** 18n;
const ONE_PERCENT = { numerator: 1n, denominator: 100n };

/** An ask of `zrx` whole ZRX for `weth` WETH base units, used in full. */
const ask = (zrx: bigint, weth: bigint, maker: Address = MAKER) =>
  quotedOrder(
    {
      maker,
      makerTokenAddress: ZRX.address,
      takerTokenAddress: WETH.address,
      makerTokenAmount: (zrx * E18).toString(),
      takerTokenAmount: weth.toString(),
    },
    { fillTakerAmount: weth, makerAmount: zrx * E18 },
  );
const CENTI = 10n ** 16n;

const buyZrx = (amount: bigint) => ({ side: 'buy' as const, base: ZRX, quote: WETH, amount });

describe('reviewMarketQuote', () => {
  test('a buy over three orders: totals, average, best and worst price in quote per base, change from best', () => {
    // 100 ZRX at 0.01, 100 at 0.0101, 50 at 0.0102 WETH per ZRX; two makers.
    const orders = [ask(100n, E18), ask(100n, 101n * CENTI, TAKER), ask(50n, 51n * CENTI)];
    const review = reviewMarketQuote(marketQuote(orders), buyZrx(250n * E18), {
      numerator: 2n,
      denominator: 100n,
    });
    expect(review.refusal).toBeUndefined();
    expect(review.rows.map((row) => [row.baseAmount, row.quoteAmount])).toEqual([
      [100n * E18, E18],
      [100n * E18, 101n * 10n ** 16n],
      [50n * E18, 51n * 10n ** 16n],
    ]);
    expect(review.baseAmount).toBe(250n * E18);
    expect(review.quoteAmount).toBe(252n * 10n ** 16n);
    expect(review.average && formatSignificant(review.average)).toBe('0.01008');
    expect(review.best && formatSignificant(review.best)).toBe('0.01');
    expect(review.worst && formatSignificant(review.worst)).toBe('0.0102');
    // 0.0102 is 2 % above 0.01: exactly at the bound, so accepted; the average 0.8 % above.
    expect(review.worstChange && formatPercent(review.worstChange, 2)).toBe('2.00');
    expect(review.averageChange && formatPercent(review.averageChange, 2)).toBe('0.80');
    expect(review.limit && formatSignificant(review.limit)).toBe('0.0102');
  });

  test('refuses a worst price beyond the bound', () => {
    const dear = ask(100n, 102n * CENTI);
    const review = reviewMarketQuote(marketQuote([ask(100n, E18), dear]), buyZrx(200n * E18), ONE_PERCENT);
    expect(review.refusal).toEqual({ kind: 'beyondBound' });
  });

  test('a sell: the base token is the taker token, a lower price is worse, the limit below the best', () => {
    // Bids: 1 WETH for 100 ZRX (0.01) and 0.99 WETH for 100 ZRX (0.0099): 1 % below the best.
    const bid = (weth: bigint) =>
      quotedOrder(
        {
          makerTokenAddress: WETH.address,
          takerTokenAddress: ZRX.address,
          makerTokenAmount: weth.toString(),
          takerTokenAmount: (100n * E18).toString(),
        },
        { fillTakerAmount: 100n * E18, makerAmount: weth },
      );
    const quote = marketQuote([bid(E18), bid(99n * 10n ** 16n)]);
    const review = reviewMarketQuote(
      quote,
      { side: 'sell', base: ZRX, quote: WETH, amount: 200n * E18 },
      ONE_PERCENT,
    );
    expect(review.baseAmount).toBe(200n * E18);
    expect(review.quoteAmount).toBe(199n * 10n ** 16n);
    expect(review.best && formatSignificant(review.best)).toBe('0.01');
    expect(review.worst && formatSignificant(review.worst)).toBe('0.0099');
    expect(review.limit && formatSignificant(review.limit)).toBe('0.0099');
    expect(review.refusal).toBeUndefined();
    expect(
      reviewMarketQuote(
        quote,
        { side: 'sell', base: ZRX, quote: WETH, amount: 200n * E18 },
        { numerator: 99n, denominator: 10_000n },
      ).refusal,
    ).toEqual({ kind: 'beyondBound' });
  });

  test('an incomplete quote is refused and says how much is available, in base units of the asked side', () => {
    const quote = marketQuote([ask(100n, E18)], { complete: false, shortfall: (50n * E18).toString() });
    expect(reviewMarketQuote(quote, buyZrx(150n * E18), ONE_PERCENT).refusal).toEqual({
      kind: 'incomplete',
      available: 100n * E18,
    });
  });

  test('an empty side is refused with nothing to show', () => {
    const quote = marketQuote([], { complete: false, shortfall: '5' });
    const review = reviewMarketQuote(quote, buyZrx(5n), ONE_PERCENT);
    expect(review).toMatchObject({ refusal: { kind: 'empty' }, baseAmount: 0n, rows: [] });
    expect(review.average).toBeUndefined();
  });

  test('prices apply both tokens’ decimals: 6-decimal USDC per 18-decimal ZRX', () => {
    // 2 ZRX for 1 USDC: 0.5 USDC per ZRX; fee 3 ZRX base units summed.
    const order = quotedOrder(
      {
        makerTokenAddress: ZRX.address,
        takerTokenAddress: USDC.address,
        makerTokenAmount: (2n * E18).toString(),
        takerTokenAmount: '1000000',
      },
      { fillTakerAmount: 1_000_000n, makerAmount: 2n * E18, takerFee: 3n },
    );
    const review = reviewMarketQuote(
      marketQuote([order]),
      { side: 'buy', base: ZRX, quote: USDC, amount: 2n * E18 },
      ONE_PERCENT,
    );
    expect(review.average && formatSignificant(review.average)).toBe('0.5');
    expect(review.takerFee).toBe(3n);
  });
});
