import { z } from 'zod';
import { addressSchema } from '../schemas/addressSchema';
import { bytes32Schema } from '../schemas/bytes32Schema';
import { signedOrderSchema } from '../schemas/signedOrderSchema';
import { uint256StringSchema } from '../schemas/uint256StringSchema';
import { orderRecordSchema, orderStateSchema } from './orderRecordSchema';
import { requireBothOfPair } from './queryParams';
import { tradeRecordSchema } from './tradeRecordSchema';

/** Names one run of a network's stream on one relayer instance: sequences of another run mean nothing here. */
export const wsStreamEpochSchema = z.string().regex(/^[0-9a-z-]{1,64}$/, {
  message: 'must be the epoch of a stream message (1-64 of 0-9, a-z and -)',
});
/** A position in a stream: the sequence of the last change applied (0: none yet). */
export const wsStreamSequenceSchema = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

/**
 * WebSocket messages (`{prefix}/v0/ws`). The `orderbook` channel is SRA v0 exactly (PROTOCOL.md §9.4).
 * Extensions, documented in docs/API.md: the `orders` channel (every order of the network, used by
 * the web app) and, on both channels, `remove`, `state` and `resync` messages that v0 lacks; the
 * `trades` channel (fills of the relayer's orders as the chain watcher records them, their removal by
 * a re-org, and `resync`); the `stream` channel (every change of the network's book, numbered, with
 * a paged snapshot and resume after a reconnect).
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
    channel: z.literal('stream'),
    requestId: z.number().int(),
    /**
     * Empty: a snapshot of every open order, then every change. With `epoch` and `since` (both from
     * the last message the client applied): only what came after it, when the relayer still has it.
     */
    payload: z
      .object({ epoch: wsStreamEpochSchema.optional(), since: wsStreamSequenceSchema.optional() })
      .superRefine(requireBothOfResume)
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

/** Resuming names the stream (`epoch`) and the position in it (`since`), or neither. */
function requireBothOfResume(
  payload: { epoch?: string | undefined; since?: number | undefined },
  ctx: z.RefinementCtx,
): void {
  const hasEpoch = payload.epoch !== undefined;
  if (hasEpoch === (payload.since !== undefined)) return;
  const missing = hasEpoch ? 'since' : 'epoch';
  ctx.addIssue({
    code: 'custom',
    path: [missing],
    message: `is required with ${hasEpoch ? 'epoch' : 'since'}`,
  });
}

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
  /** The order's filled and cancelled totals, when the change came from the chain (the watcher's). */
  filledTakerTokenAmount: uint256StringSchema.optional(),
  cancelledTakerTokenAmount: uint256StringSchema.optional(),
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

/** What every `stream` message carries: which run of the relayer's sequence it is from, and where in it. */
const streamPosition = {
  channel: z.literal('stream'),
  requestId: z.number().int(),
  epoch: wsStreamEpochSchema,
  sequence: wsStreamSequenceSchema,
};

/** Why a `stream` subscription got a snapshot: its position is older than the relayer keeps, from another epoch, or a resync. */
export const wsStreamSnapshotReasonSchema = z.enum(['tooFarBehind', 'otherEpoch', 'resync']);
export type WsStreamSnapshotReason = z.infer<typeof wsStreamSnapshotReasonSchema>;

/**
 * Extension, `stream` channel: one page of the snapshot of every open order of the network, as of
 * `sequence` (the messages that follow carry later ones). Page 1 starts a new book; `more` is false on
 * the last page. `reason` says why a subscribe that asked to resume got a snapshot instead (or that a
 * resync replaced the book).
 */
export const wsStreamSnapshotSchema = z.object({
  type: z.literal('snapshot'),
  ...streamPosition,
  payload: z.object({
    page: z.number().int().positive(),
    more: z.boolean(),
    reason: wsStreamSnapshotReasonSchema.optional(),
    orders: z.array(orderRecordSchema),
  }),
});

/** Extension, `stream` channel: the resume was taken; the changes after `sequence` follow, in order. */
export const wsStreamResumedSchema = z.object({
  type: z.literal('resumed'),
  ...streamPosition,
  payload: z.object({}),
});

/**
 * Extension, `stream` channel: one change to the network's book, `sequence` one more than the last:
 * a new (or reopened) order, its new amounts, or its leaving the book.
 */
export const wsStreamChangeSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('update'), ...streamPosition, payload: orderRecordSchema }),
  z.object({ type: z.literal('state'), ...streamPosition, payload: orderStateChangeSchema }),
  z.object({
    type: z.literal('remove'),
    ...streamPosition,
    payload: z.object({ orderHash: bytes32Schema, state: orderStateSchema }),
  }),
]);

export const wsServerMessageSchema = z.union([
  wsSnapshotSchema,
  wsUpdateSchema,
  wsRemoveSchema,
  wsStateSchema,
  wsTradeSchema,
  wsResyncSchema,
  wsStreamSnapshotSchema,
  wsStreamResumedSchema,
  wsStreamChangeSchema,
  wsErrorSchema,
]);
export type WsServerMessage = z.infer<typeof wsServerMessageSchema>;
