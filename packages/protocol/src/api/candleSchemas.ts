import { z } from 'zod';
import { uint256StringSchema } from '../schemas/uint256StringSchema';

/** Candle intervals and their length in seconds; a candle starts at a multiple of its length (UTC). */
export const CANDLE_INTERVAL_SECONDS = { '1m': 60, '5m': 300, '1h': 3600, '1d': 86_400 } as const;
export type CandleInterval = keyof typeof CANDLE_INTERVAL_SECONDS;
/** Intervals one page of candles spans at most (and so candles it holds at most). */
export const CANDLES_MAX_PER_PAGE = 1000;

/** Unix seconds in a query string: digits only, within what a bigint column and a JS number hold. */
const unixSeconds = z
  .string()
  .regex(/^\d{1,12}$/, { message: 'must be Unix seconds: a whole number of at most 12 digits' })
  .transform(Number);

/** An exact decimal string (no sign, no exponent), as every price on the wire. */
export const decimalPriceSchema = z.string().regex(/^\d+(\.\d*[1-9])?$/);

/**
 * Query of `GET {prefix}/markets/{base}/{quote}/candles`. `from` and `to` are Unix seconds, both
 * inclusive and rounded down to a candle start; `to` defaults to now and `from` to the start of the
 * page (CANDLES_MAX_PER_PAGE intervals up to `to`). A range longer than a page answers its first page
 * and a `next` link to the rest.
 */
export const candleQuerySchema = z
  .strictObject({
    interval: z.enum(['1m', '5m', '1h', '1d']).describe('Candle length: 1m, 5m, 1h or 1d'),
    from: unixSeconds.optional().describe('First candle, Unix seconds (rounded down to a candle start)'),
    to: unixSeconds.optional().describe('Last candle, Unix seconds (default now)'),
  })
  .superRefine((query, ctx) => {
    if (query.from !== undefined && query.to !== undefined && query.from > query.to) {
      ctx.addIssue({
        code: 'too_big',
        origin: 'number',
        maximum: query.to,
        path: ['from'],
        message: 'must not be after to',
      });
    }
  });
export type CandleQuery = z.infer<typeof candleQuerySchema>;

/**
 * One interval's trades of a market, either side maker: prices in quote per base (whole tokens,
 * `formatTradePrice`), volumes in base units. `open`/`close` are the first/last trade by block and log
 * index; an interval without trades has no candle.
 */
export const candleSchema = z.object({
  /** The interval's start, Unix seconds. */
  start: z.number().int().nonnegative(),
  open: decimalPriceSchema,
  high: decimalPriceSchema,
  low: decimalPriceSchema,
  close: decimalPriceSchema,
  /** Base token traded, base units. */
  baseVolume: uint256StringSchema,
  /** Quote token traded, base units. */
  quoteVolume: uint256StringSchema,
  tradeCount: z.number().int().positive(),
});
export type Candle = z.infer<typeof candleSchema>;

/**
 * `GET {prefix}/markets/{base}/{quote}/candles` answer: the page's range (Unix seconds, rounded to
 * candle starts), its candles oldest first, and where the next page starts (null on the last; also sent
 * as a `Link: rel="next"` header).
 */
export const candleListResponseSchema = z.object({
  baseTokenAddress: z.string(),
  quoteTokenAddress: z.string(),
  interval: z.enum(['1m', '5m', '1h', '1d']),
  from: z.number().int().nonnegative(),
  to: z.number().int().nonnegative(),
  candles: z.array(candleSchema),
  nextFrom: z.number().int().nonnegative().nullable(),
});
export type CandleListResponse = z.infer<typeof candleListResponseSchema>;

/**
 * Extension, `trades` channel of a market subscription (`baseTokenAddress` and `quoteTokenAddress`):
 * after each `trade` or `tradeRemoved`, the candles of that trade's interval in every length, as `GET
 * /markets/{base}/{quote}/candles` answers them now in the subscription's orientation (null: the
 * interval has no trade left). Kept apart from `wsServerMessageSchema`, whose clients do not need it.
 */
export const wsCandlesSchema = z.object({
  type: z.literal('candles'),
  channel: z.literal('trades'),
  requestId: z.number().int(),
  payload: z.object({
    baseTokenAddress: z.string(),
    quoteTokenAddress: z.string(),
    candles: z.object({
      '1m': candleSchema.nullable(),
      '5m': candleSchema.nullable(),
      '1h': candleSchema.nullable(),
      '1d': candleSchema.nullable(),
    }),
  }),
});
export type WsCandles = z.infer<typeof wsCandlesSchema>;
