import { z } from 'zod';
import { addressSchema } from '../schemas/addressSchema';
import { orderStateSchema } from './orderRecordSchema';

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

/**
 * Query of `GET /order`. Defaults are SPEC §9's: makerFee ascending, page 1, 5 per page.
 * `cursor` is the opaque keyset position returned with the previous page; when present it takes
 * precedence over `page` so sequential paging never degrades into a deep OFFSET.
 */
export const orderQuerySchema = z.object({
  page: intParam(1, 1_000_000, 1),
  per_page: intParam(1, MAX_PER_PAGE, 5),
  sort: z.enum(orderSortFields).default('makerFee'),
  direction: z.enum(['asc', 'desc']).default('asc'),
  makerTokenAddress: addressSchema.optional(),
  takerTokenAddress: addressSchema.optional(),
  /** Either side of the order. */
  tokenAddress: addressSchema.optional(),
  maker: addressSchema.optional(),
  state: orderStateSchema.default('open'),
  cursor: z.string().max(512).optional(),
});
export type OrderQuery = z.infer<typeof orderQuerySchema>;

export const orderPageSchema = z.object({
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  perPage: z.number().int().positive(),
  sort: z.enum(orderSortFields),
  direction: z.enum(['asc', 'desc']),
  /** Keyset cursors for the neighbouring pages; null at either end. */
  nextCursor: z.string().nullable(),
  prevCursor: z.string().nullable(),
});
