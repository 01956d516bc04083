import type { OrderRecord, OrderState } from '@relayer/protocol';
import { type ComputedOrderState, computeOrderState } from '../chain/computeOrderState.js';
import type { OrderChainState } from '../chain/createChainReader.js';
import { isStateUnavailable } from '../chain/isStateUnavailable.js';
import type { Queryable } from '../db/Database.js';
import type { OrderEvent } from '../events/BookEvents.js';
import { findShortfalls } from '../orders/findShortfalls.js';
import { ORDER_COLUMNS, type OrderRow, rowToOrderRecord } from '../orders/rowToOrderRecord.js';
import { mapConcurrent } from './mapConcurrent.js';
import type { WatcherContext } from './WatcherContext.js';

/** Chain reads in flight at once while re-verifying (each is one batched round trip of six calls). */
const READ_CONCURRENCY = 64;

export interface ReverifyOptions {
  /** Orders read at once (default 64); the background re-validation sweep asks for fewer. */
  concurrency?: number;
}

/** A changed row: what `writeOrderUpdates` stores. */
export interface OrderUpdate {
  hash: string;
  state: OrderState;
  filledTaker: string;
  cancelledTaker: string;
  fillableTaker: string;
  fillableMaker: string;
  /** Why it is not open (null when open), and what the maker lacks as JSON (`findShortfalls`). */
  reason: string | null;
  shortfalls: string;
}

export interface Reverification {
  /**
   * The block the states were read at: the one asked for, or the latest when the node no longer holds
   * that block's state (a pruned node during catch-up). Stored as the rows' `validated_block`.
   */
  block: bigint;
  updates: OrderUpdate[];
  /** To publish once the updates are committed. */
  events: OrderEvent[];
}

/**
 * An order selling a token whose transfer was found to lie (`markTokenDishonest`) never returns to the
 * book, however well funded it reads: it stays `unfunded` until it is filled, cancelled or expired (or
 * the TokenRegistry lists the token: verified tokens are the registry's to vouch for).
 */
function keptOut(state: ComputedOrderState, row: HeldRow): ComputedOrderState {
  if (state.state !== 'open' && state.state !== 'unfunded') return state;
  if (row.dishonest) return { ...state, state: 'unfunded', reason: 'TOKEN_TRANSFER_DISHONEST' };
  // The operator's removals (src/admin/): a removed maker's order never returns; an unlisted token's
  // fillable orders wait, as unfunded, for the token to be relisted.
  if (row.reason === 'REMOVED_BY_OPERATOR')
    return { ...state, state: 'unfunded', reason: 'REMOVED_BY_OPERATOR' };
  if (row.unlisted && state.state === 'open')
    return { ...state, state: 'unfunded', reason: 'TOKEN_UNLISTED' };
  return state;
}

type HeldRow = OrderRow & { dishonest: boolean; unlisted: boolean };

/**
 * Re-reads the on-chain state of the given orders at `blockNumber` (or, when the node has pruned that
 * block's state, at its latest block: a newer state is as true, and retrying the old block never
 * succeeds), recomputes each with
 * `computeOrderState` and returns the rows that changed with their book events: `removed` when an order
 * leaves `open`; `updated` when it stays open with new amounts, and also when it comes back to `open`
 * (an unfunded maker re-funded, or a re-org undid a fill) - subscribers treat an `updated` for an
 * order they do not list as its return. Changes among non-open states publish nothing.
 * Re-reading rather than applying log amounts makes every replay (restart, re-org) idempotent.
 */
export async function reverifyOrders(
  ctx: WatcherContext,
  db: Queryable,
  hashes: readonly string[],
  blockNumber: bigint,
  options: ReverifyOptions = {},
): Promise<Reverification> {
  if (hashes.length === 0) return { block: blockNumber, updates: [], events: [] };
  const rows = await db.query<HeldRow>(
    `SELECT ${ORDER_COLUMNS}, EXISTS (SELECT 1 FROM tokens t WHERE t.network = orders.network
            AND t.address = orders.maker_token AND t.transfer_dishonest AND NOT t.verified) AS dishonest,
            EXISTS (SELECT 1 FROM tokens t WHERE t.network = orders.network
            AND t.address IN (orders.maker_token, orders.taker_token) AND t.unlisted) AS unlisted
       FROM orders WHERE network = $1 AND hash = ANY($2::text[])`,
    [ctx.network.key, hashes],
  );
  const stored = rows.map((row) => ({ row, order: rowToOrderRecord(row) }));
  const readAt = (block: bigint) =>
    mapConcurrent(stored, options.concurrency ?? READ_CONCURRENCY, async ({ row, order }) => ({
      row,
      order,
      chain: await ctx.reader.getOrderChainState(order, order.orderHash, { blockNumber: block }),
    }));
  let block = blockNumber;
  let read: { row: HeldRow; order: OrderRecord; chain: OrderChainState }[];
  try {
    read = await readAt(block);
  } catch (error) {
    if (!isStateUnavailable(error)) throw error;
    block = await ctx.reader.getBlockNumber();
    ctx.log.warn(
      { network: ctx.network.key, block: Number(blockNumber), latest: Number(block), orders: rows.length },
      'the node no longer holds the state of this block; orders re-read at the latest block',
    );
    read = await readAt(block);
  }
  // Expiry by the chain clock: the later of the server's clock and the latest block's timestamp.
  const nowSec = Math.floor(ctx.clock.now() / 1000);
  const computed = read.map(({ row, order, chain }) => ({
    row,
    order,
    chain,
    state: keptOut(computeOrderState(order, chain, nowSec, ctx.expiryMarginSec), row),
  }));

  const result: Reverification = { block, updates: [], events: [] };
  for (const { row, order, chain, state } of computed) {
    const live = state.state === 'open' || state.state === 'unfunded';
    const update: OrderUpdate = {
      hash: row.hash,
      state: state.state,
      filledTaker: chain.filledTakerTokenAmount.toString(),
      cancelledTaker: chain.cancelledTakerTokenAmount.toString(),
      fillableTaker: state.fillableTakerTokenAmount.toString(),
      fillableMaker: state.fillableMakerTokenAmount.toString(),
      reason: state.reason,
      shortfalls: JSON.stringify(live ? findShortfalls(order, chain, state.remainingTakerTokenAmount) : []),
    };
    const bookUnchanged =
      update.state === row.state &&
      update.filledTaker === row.filled_taker &&
      update.cancelledTaker === row.cancelled_taker &&
      update.fillableTaker === row.fillable_taker &&
      update.fillableMaker === row.fillable_maker;
    // Why it is unfillable and what the maker lacks are kept current too, but only the book's own
    // fields make an event.
    if (bookUnchanged && update.reason === row.reason && update.shortfalls === row.shortfalls) continue;
    result.updates.push(update);
    if (bookUnchanged) continue;
    const pair = {
      network: ctx.network.key,
      orderHash: order.orderHash,
      makerTokenAddress: order.makerTokenAddress,
      takerTokenAddress: order.takerTokenAddress,
    };
    if (update.state === 'open') {
      result.events.push({
        type: 'updated',
        ...pair,
        state: 'open',
        remainingTakerTokenAmount: state.remainingTakerTokenAmount.toString(),
        remainingMakerTokenAmount: state.remainingMakerTokenAmount.toString(),
        fillableTakerTokenAmount: update.fillableTaker,
        fillableMakerTokenAmount: update.fillableMaker,
        filledTakerTokenAmount: update.filledTaker,
        cancelledTakerTokenAmount: update.cancelledTaker,
      });
    } else if (row.state === 'open') {
      result.events.push({ type: 'removed', ...pair, state: update.state });
    }
  }
  return result;
}
