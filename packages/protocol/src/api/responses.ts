import { z } from 'zod';
import { addressSchema } from '../schemas/addressSchema';
import { tokenSchema } from '../schemas/tokenSchema';
import { uint256StringSchema } from '../schemas/uint256StringSchema';
import { orderPageSchema } from './orderQuerySchema';
import { orderRecordSchema } from './orderRecordSchema';

/** `GET /order` answer: one page of orders plus the total matching the filters. */
export const orderListResponseSchema = orderPageSchema.extend({ orders: z.array(orderRecordSchema) });
export type OrderListResponse = z.infer<typeof orderListResponseSchema>;

/** A token as `GET /token` lists it; `verified` means it is in the network's TokenRegistry. */
export const tokenRecordSchema = tokenSchema.extend({ verified: z.boolean() });
export type TokenRecord = z.infer<typeof tokenRecordSchema>;
export const tokenListResponseSchema = z.array(tokenRecordSchema);

/** `GET /rates`: USD price per upper-case symbol (wrapped ether is priced as ETH). */
export const ratesResponseSchema = z.object({
  currency: z.literal('USD'),
  rates: z.record(z.string(), z.string()),
  /** `ticker` = live market data; `static` = the embedded price file (no source configured or reachable yet). */
  source: z.enum(['ticker', 'static']),
  /** ISO time of the last successful refresh; null for static prices. */
  updatedAt: z.string().nullable(),
  /** True when the last good ticker answer is older than twice the refresh interval. */
  stale: z.boolean(),
});
export type RatesResponse = z.infer<typeof ratesResponseSchema>;

/** `POST /v0/fees` answer (PROTOCOL.md §9.2). */
export const feesResponseSchema = z.object({
  feeRecipient: addressSchema,
  makerFee: uint256StringSchema,
  takerFee: uint256StringSchema,
});
export type FeesResponse = z.infer<typeof feesResponseSchema>;

/** `POST /v0/fees` body: an unsigned order without its fee fields. */
export const feesRequestSchema = z.object({
  exchangeContractAddress: addressSchema,
  maker: addressSchema,
  taker: addressSchema,
  makerTokenAddress: addressSchema,
  takerTokenAddress: addressSchema,
  makerTokenAmount: uint256StringSchema.optional(),
  takerTokenAmount: uint256StringSchema.optional(),
  expirationUnixTimestampSec: uint256StringSchema,
  salt: uint256StringSchema,
});
export type FeesRequest = z.infer<typeof feesRequestSchema>;

/**
 * Every non-2xx answer (SRA v0 shape, PROTOCOL.md §9.3) plus `error`, the relayer's string code,
 * which clients map to their own words.
 */
export const errorResponseSchema = z.object({
  code: z.number().int(),
  reason: z.string(),
  error: z.string().optional(),
  validationErrors: z
    .array(
      z.object({
        field: z.string(),
        code: z.number().int(),
        reason: z.string(),
        error: z.string().optional(),
      }),
    )
    .optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** `GET /health`. */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded', 'down']),
  database: z.enum(['ok', 'down']),
  networks: z.array(
    z.object({
      name: z.string(),
      prefix: z.string(),
      chainId: z.number().int(),
      chain: z.enum(['ok', 'down']),
      headBlock: z.number().int().nullable(),
      watcherBlock: z.number().int().nullable(),
      watcherLagBlocks: z.number().int().nullable(),
      /** Why `chain` is `down`: not answering since when, or serving another chain; null when `ok`. */
      chainError: z.string().nullable(),
    }),
  ),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** `GET /config`: what a client needs to talk to this network of the relayer. */
export const networkInfoSchema = z.object({
  name: z.string(),
  chainId: z.number().int(),
  prefix: z.string(),
  exchange: addressSchema,
  tokenTransferProxy: addressSchema,
  zrx: addressSchema,
  weth: addressSchema,
  tokenRegistry: addressSchema,
  feeRecipient: addressSchema,
  makerFee: uint256StringSchema,
  takerFee: uint256StringSchema,
});
export type NetworkInfo = z.infer<typeof networkInfoSchema>;
