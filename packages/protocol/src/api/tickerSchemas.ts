import { z } from 'zod';
import { addressSchema } from '../schemas/addressSchema';
import { uint256StringSchema } from '../schemas/uint256StringSchema';
import { decimalPriceSchema } from './candleSchemas';
import { requireBothOfPair } from './queryParams';

/** The span of a ticker's figures. */
export const TICKER_WINDOW_SECONDS = 86_400;

/**
 * Query of `GET {prefix}/tickers`: every market with a recorded trade, or the one market named (in that
 * orientation, traded or not).
 */
export const tickerQuerySchema = z
  .strictObject({
    baseTokenAddress: addressSchema.optional().describe('With quoteTokenAddress: this market only'),
    quoteTokenAddress: addressSchema.optional().describe('With baseTokenAddress: this market only'),
  })
  .superRefine(requireBothOfPair);
export type TickerQuery = z.infer<typeof tickerQuerySchema>;

/** A signed change of price, exact decimal (quote per base). */
const signedDecimalSchema = z.string().regex(/^-?\d+(\.\d*[1-9])?$/);

/**
 * One market's figures over the last 24 hours (of the chain's clock), trades of either side maker.
 * Prices are quote per base in whole tokens (`formatTradePrice`); volumes base units. `last` is the
 * latest trade ever (null if none); `open` the first trade of the window and `change` = last - open,
 * `changePercent` the same as a share of open (2 places, half up); window figures are null and counts 0
 * without a trade in the window. `bestBid`/`bestAsk` are the open book's best prices (null when a side
 * is empty).
 */
export const tickerSchema = z.object({
  baseTokenAddress: addressSchema,
  quoteTokenAddress: addressSchema,
  last: decimalPriceSchema.nullable(),
  /** The latest trade's block timestamp, Unix seconds. */
  lastTradeAt: z.number().int().nonnegative().nullable(),
  open: decimalPriceSchema.nullable(),
  change: signedDecimalSchema.nullable(),
  changePercent: signedDecimalSchema.nullable(),
  high: decimalPriceSchema.nullable(),
  low: decimalPriceSchema.nullable(),
  baseVolume: uint256StringSchema,
  quoteVolume: uint256StringSchema,
  tradeCount: z.number().int().nonnegative(),
  bestBid: decimalPriceSchema.nullable(),
  bestAsk: decimalPriceSchema.nullable(),
});
export type Ticker = z.infer<typeof tickerSchema>;

/** `GET {prefix}/tickers` answer; `at` is the window's end, Unix seconds. */
export const tickerListResponseSchema = z.object({
  at: z.number().int().nonnegative(),
  tickers: z.array(tickerSchema),
});
export type TickerListResponse = z.infer<typeof tickerListResponseSchema>;
