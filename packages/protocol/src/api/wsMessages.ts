import { z } from 'zod';
import { addressSchema } from '../schemas/addressSchema';
import { bytes32Schema } from '../schemas/bytes32Schema';
import { signedOrderSchema } from '../schemas/signedOrderSchema';
import { uint256StringSchema } from '../schemas/uint256StringSchema';
import { orderRecordSchema, orderStateSchema } from './orderRecordSchema';
import { requireBothOfPair } from './queryParams';
import { tradeRecordSchema } from './tradeRecordSchema';

/**
 * WebSocket messages (`{prefix}/v0/ws`). The `orderbook` channel is SRA v0 exactly (PROTOCOL.md §9.4).
 * Extensions, documented in docs/API.md: the `orders` channel (every order of the network, used by
 * the web app) and, on both channels, `remove`, `state` and `resync` messages that v0 lacks; the
 * `trades` channel (fills of the relayer's orders as the chain watcher records them, their removal by
 * a re-org, and `resync`).
 */
export const wsSubscribeSchema = z.discriminatedUnion('channel', [
  z.object({
    type: z.literal('subscribe'),
    channel: z.literal('orderbook'),
    requestId: z.number().int(),
    payload: z.object({
      baseTokenAddress: addressSchema,
      quoteTokenAddress: addressSchema,
      snapshot: z.boolean().optional(),
      limit: z.number().int().positive().max(1000).optional(),
    }),
  }),
  z.object({
    type: z.literal('subscribe'),
    channel: z.literal('orders'),
    requestId: z.number().int(),
    payload: z
      .object({ makerTokenAddress: addressSchema.optional(), takerTokenAddress: addressSchema.optional() })
      .default({}),
  }),
  z.object({
    type: z.literal('subscribe'),
    channel: z.literal('trades'),
    requestId: z.number().int(),
    /** Every filter given must hold; none: every trade of the network. */
    payload: z
      .object({
        /** With quoteTokenAddress: trades of this market, in either direction. */
        baseTokenAddress: addressSchema.optional(),
        quoteTokenAddress: addressSchema.optional(),
        /** Trades where this address is the maker or the taker. */
        trader: addressSchema.optional(),
      })
      .superRefine(requireBothOfPair)
      .default({}),
  }),
]);
export type WsSubscribe = z.infer<typeof wsSubscribeSchema>;

export const wsSnapshotSchema = z.object({
  type: z.literal('snapshot'),
  channel: z.literal('orderbook'),
  requestId: z.number().int(),
  payload: z.object({ bids: z.array(signedOrderSchema), asks: z.array(signedOrderSchema) }),
});

/** A new order (SRA v0 `update`). On the `orders` channel the payload is the full OrderRecord. */
export const wsUpdateSchema = z.object({
  type: z.literal('update'),
  channel: z.enum(['orderbook', 'orders']),
  requestId: z.number().int(),
  payload: z.union([orderRecordSchema, signedOrderSchema]),
});

/** Extension: an order left the book (filled, cancelled, expired or unfunded). */
export const wsRemoveSchema = z.object({
  type: z.literal('remove'),
  channel: z.enum(['orderbook', 'orders']),
  requestId: z.number().int(),
  payload: z.object({ orderHash: bytes32Schema, state: orderStateSchema }),
});

/** An order's new state and amounts: the payload of a `state` frame, also carried between instances. */
export const orderStateChangeSchema = z.object({
  orderHash: bytes32Schema,
  state: orderStateSchema,
  remainingTakerTokenAmount: uint256StringSchema,
  remainingMakerTokenAmount: uint256StringSchema,
  fillableTakerTokenAmount: uint256StringSchema,
  fillableMakerTokenAmount: uint256StringSchema,
});

/** Extension: an order's remaining or fillable amounts changed (partial fill, partial cancel, funds). */
export const wsStateSchema = z.object({
  type: z.literal('state'),
  channel: z.enum(['orderbook', 'orders']),
  requestId: z.number().int(),
  payload: orderStateChangeSchema,
});

/**
 * Extension, `trades` channel: a fill the chain watcher recorded (`trade`), or one a re-org took off
 * the chain (`tradeRemoved`: the same record; if the fill lands again on the new chain it comes back as
 * a `trade` with its new block). Trades are identified by `blockHash` + `logIndex`.
 */
export const wsTradeSchema = z.object({
  type: z.enum(['trade', 'tradeRemoved']),
  channel: z.literal('trades'),
  requestId: z.number().int(),
  payload: tradeRecordSchema,
});

/**
 * Extension: the relayer may have missed book changes (its notification connection to the other
 * instances was lost and is back), so what the client built from this subscription may be stale. On
 * `orderbook` a fresh `snapshot` of the subscription follows right away; on `orders` reload the book
 * (`GET /order`); on `trades` reload the recent trades (`GET /trades`). Later messages build on the
 * fresh state.
 */
export const wsResyncSchema = z.object({
  type: z.literal('resync'),
  channel: z.enum(['orderbook', 'orders', 'trades']),
  requestId: z.number().int(),
  payload: z.object({ reason: z.string() }),
});

export const wsErrorSchema = z.object({
  type: z.literal('error'),
  requestId: z.number().int().nullable(),
  payload: z.object({ code: z.number().int(), reason: z.string() }),
});

export const wsServerMessageSchema = z.union([
  wsSnapshotSchema,
  wsUpdateSchema,
  wsRemoveSchema,
  wsStateSchema,
  wsTradeSchema,
  wsResyncSchema,
  wsErrorSchema,
]);
export type WsServerMessage = z.infer<typeof wsServerMessageSchema>;
