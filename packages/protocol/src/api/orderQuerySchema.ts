import { z } from 'zod';
import { addressSchema } from '../schemas/addressSchema';
import { type OrderState, orderStateSchema } from './orderRecordSchema';
import { requireBothOfPair } from './queryParams';

/**
 * What `GET /order` sorts by. `makerTokenAmount`/`takerTokenAmount` compare base units; `makerAmount`/
 * `takerAmount` compare human amounts (the token's decimals applied), which is what a reader compares
 * across tokens. `marketPrice` (the maker token's USD price) and `askingPrice` (USD asked per maker
 * token: takerUSD × takerAmount / makerAmount) use the relayer's own `/rates` prices by address;
 * unpriced orders come last either way.
 */
export const orderSortFields = [
  'makerFee',
  'takerFee',
  'makerTokenAmount',
  'takerTokenAmount',
  'makerToken',
  'takerToken',
  'expirationUnixTimestampSec',
  'createdAt',
  'makerAmount',
  'takerAmount',
  'marketPrice',
  'askingPrice',
] as const;
export type OrderSortField = (typeof orderSortFields)[number];

export const MAX_PER_PAGE = 100;

const intParam = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

const STATES = orderStateSchema.options;

/**
 * `state` of `GET /order`: one state, several separated by commas (`open,unfunded`), or `any`. Parsed
 * to the distinct states in canonical order, so equal filters are equal queries (and share a cache entry).
 */
export const orderStatesParamSchema = z
  .string()
  .max(100)
  .transform((text, ctx): OrderState[] => {
    const names = text.split(',');
    if (names.length === 1 && names[0] === 'any') return [...STATES];
    const unknown = names.find((name) => !(STATES as readonly string[]).includes(name));
    if (unknown !== undefined) {
      ctx.issues.push({
        code: 'invalid_value',
        values: [...STATES, 'any'],
        input: text,
        message: `must be one of ${STATES.join(', ')} (or several, comma-separated), or any`,
      });
      return z.NEVER;
    }
    return STATES.filter((state) => names.includes(state));
  })
  .describe('open, filled, cancelled, expired, unfunded; several comma-separated; or any')
  .default(['open']);

/**
 * Query of `GET /order`. Defaults are SPEC §9's: makerFee ascending, page 1, 5 per page.
 * `cursor` is the opaque keyset position returned with the previous page; when present it takes
 * precedence over `page` so sequential paging never degrades into a deep OFFSET.
 */
export const orderQuerySchema = z
  .strictObject({
    page: intParam(1, 1_000_000, 1),
    per_page: intParam(1, MAX_PER_PAGE, 5),
    sort: z.enum(orderSortFields).default('makerFee'),
    direction: z.enum(['asc', 'desc']).default('asc'),
    makerTokenAddress: addressSchema.optional(),
    takerTokenAddress: addressSchema.optional(),
    /** Either side of the order. */
    tokenAddress: addressSchema.optional(),
    maker: addressSchema.optional(),
    /** With quoteTokenAddress: orders between these two tokens, in either direction. */
    baseTokenAddress: addressSchema.optional(),
    quoteTokenAddress: addressSchema.optional(),
    state: orderStatesParamSchema,
    /**
     * `only`: orders whose maker and taker tokens are both verified (listed in the TokenRegistry), what
     * the web app shows by default; `all`: every token's orders, unverified ones included.
     */
    verified: z
      .enum(['only', 'all'])
      .describe('only: both tokens verified (listed in the TokenRegistry); all: any token')
      .default('all'),
    cursor: z.string().max(512).optional(),
  })
  .superRefine(requireBothOfPair);
export type OrderQuery = z.infer<typeof orderQuerySchema>;

export const orderPageSchema = z.object({
  total: z.number().int().nonnegative(),
  /** Set on history pages (state other than open) whose count stopped at the server's limit: `total` is a lower bound. */
  totalCapped: z.literal(true).optional(),
  page: z.number().int().positive(),
  perPage: z.number().int().positive(),
  sort: z.enum(orderSortFields),
  direction: z.enum(['asc', 'desc']),
  /** Keyset cursors for the neighbouring pages; null at either end. */
  nextCursor: z.string().nullable(),
  prevCursor: z.string().nullable(),
});
