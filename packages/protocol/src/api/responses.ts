import { z } from 'zod';
import { addressSchema } from '../schemas/addressSchema';
import { orderSchema } from '../schemas/orderSchema';
import { tokenSchema } from '../schemas/tokenSchema';
import { uint256StringSchema } from '../schemas/uint256StringSchema';
import { orderPageSchema } from './orderQuerySchema';
import { orderRecordSchema } from './orderRecordSchema';

/** `GET /order` answer: one page of orders plus the total matching the filters. */
export const orderListResponseSchema = orderPageSchema.extend({ orders: z.array(orderRecordSchema) });
export type OrderListResponse = z.infer<typeof orderListResponseSchema>;

/**
 * A token as `GET /token` lists it; `verified` means the network's TokenRegistry, one of the operator's
 * token lists (named in `lists`) or the operator vouches for it.
 */
export const tokenRecordSchema = tokenSchema.extend({
  verified: z.boolean(),
  /** The names of the operator's token lists that have this token (only on verified tokens). */
  lists: z.array(z.string().min(1).max(30)).max(50).optional(),
});
export type TokenRecord = z.infer<typeof tokenRecordSchema>;
export const tokenListResponseSchema = z.array(tokenRecordSchema);

/** Where a USD price comes from: `static` = the embedded example prices; otherwise the configured market-data API's format. */
export const priceSourceSchema = z.enum(['static', 'ticker', 'coingecko']);
export type PriceSourceName = z.infer<typeof priceSourceSchema>;

/** The relayer's judgement of a price (see `priceQuality`): `live`, `stale` (older than `maxAgeMs`) or `example` (static). */
export const priceQualitySchema = z.enum(['live', 'stale', 'example']);

/** One USD price with its provenance. */
export const usdPriceSchema = z.object({
  /** Exact positive decimal, e.g. "2500.5" or "0.000031". */
  price: z
    .string()
    .regex(/^\d+(\.\d+)?$/)
    .describe('USD per whole coin, an exact decimal'),
  /** The market symbol it was priced as ('ETH' for wrapped ether); null when priced by its contract address. */
  symbol: z
    .string()
    .nullable()
    .describe('The market symbol it was priced as (ETH for wrapped ether); null when priced by contract'),
  source: priceSourceSchema,
  /** ISO time the source gave for this price (or when it was fetched); null for static example prices. */
  asOf: z.string().nullable().describe('ISO time of the price; null for static example prices'),
  quality: priceQualitySchema.describe(
    'live; stale = older than maxAgeMs; example = static, not market data',
  ),
});
export type UsdPrice = z.infer<typeof usdPriceSchema>;

/**
 * A token's price. `basis` says why this address has it: `knownAddress` = the contract is in protocol's
 * known-coin table; `registry` = the network's TokenRegistry lists it under `symbol`; `contract` = the
 * price source priced this contract address itself.
 */
export const tokenPriceSchema = usdPriceSchema.extend({
  basis: z
    .enum(['knownAddress', 'registry', 'contract'])
    .describe(
      'Why this address has this price: a known coin contract, the TokenRegistry, or priced by contract',
    ),
});
export type TokenPrice = z.infer<typeof tokenPriceSchema>;

/** `GET /rates`. Clients price tokens by `tokens[address]` and catalogue coins by `coins[symbol]`, never a token by its symbol. */
export const ratesResponseSchema = z.object({
  currency: z.literal('USD'),
  /** `ticker` = live market data from the configured source (of either format); `static` = the embedded example prices. */
  source: z.enum(['ticker', 'static']),
  /** ISO time of the last refresh that brought any prices; null for static prices. */
  updatedAt: z.string().nullable(),
  /** True when the last refresh is older than `maxAgeMs` (or, with a source configured, none has succeeded for that long). */
  stale: z.boolean(),
  /** A price older than this many milliseconds is `stale`. */
  maxAgeMs: z.number().int().min(1).describe('A price older than this is stale'),
  /** Prices of the known coins (protocol's `knownCoins`) by catalogue symbol, for the coin catalogue. */
  coins: z
    .record(z.string(), usdPriceSchema)
    .describe('Prices of the known coins (protocol knownCoins) by catalogue symbol'),
  /** Prices of this network's listed tokens by lower-case address; a token without a price is absent. */
  tokens: z
    .record(addressSchema, tokenPriceSchema)
    .describe("Prices of the network's listed tokens by lower-case address; unpriced tokens are absent"),
  /**
   * @deprecated Symbol-keyed prices (upper case, WETH as ETH) for clients built before `tokens`: a
   * token's symbol does not say which token it is. Still sent, limited to ETH/WETH and the markets of
   * tokens that `tokens` prices by market; optional so that no client comes to depend on it again.
   */
  rates: z
    .record(z.string(), z.string())
    .optional()
    .describe('Deprecated: USD by market symbol. A symbol does not identify a token; use tokens[address]'),
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
export const feesRequestSchema = orderSchema
  .omit({ feeRecipient: true, makerFee: true, takerFee: true })
  .extend({
    // The amounts may be left out of a fees request.
    makerTokenAmount: uint256StringSchema.optional(),
    takerTokenAmount: uint256StringSchema.optional(),
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

/**
 * `GET /health`: `down` (503) only when the instance cannot serve reads; `degraded` (200) while it serves
 * them without all its parts (database, a node, a watcher).
 */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded', 'down']),
  database: z.enum(['ok', 'down']),
  /** Which instance answered: INSTANCE_NAME, else its host name and process id. */
  instance: z.string(),
  networks: z.array(
    z.object({
      name: z.string(),
      prefix: z.string(),
      chainId: z.number().int(),
      /** Whether this instance's watcher applies the network's chain events. */
      watcher: z.enum(['leading', 'following', 'starting', 'refused', 'disabled']),
      /** Whether the network's open book can be read now (`unavailable`: not loaded, and no database to load it). */
      book: z.enum(['ok', 'unavailable']),
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
