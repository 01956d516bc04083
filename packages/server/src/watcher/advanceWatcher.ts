import type { TradeRecord } from '@relayer/protocol';
import type { BookEvent } from '../events/BookEvents.js';
import { recordTrades } from '../trades/recordTrades.js';
import type { Advance } from './Advance.js';
import {
  applyRegistryChanges,
  registryEvents,
  type SymbolChange,
  upsertVerifiedToken,
} from './applyRegistryChanges.js';
import { ChainMovedError } from './ChainMovedError.js';
import { fetchWatchedLogs, LogRangeRefusedError } from './fetchWatchedLogs.js';
import { findAffectedOrders, loadWatchedAccounts } from './findAffectedOrders.js';
import { findRacedFills } from './findRacedFills.js';
import { loadOrdersValidatedBefore } from './loadOrdersValidatedBefore.js';
import { publishAll } from './publishAll.js';
import { type BlockHeader, readBlockHeaders } from './readBlockHeaders.js';
import { reverifyOrders } from './reverifyOrders.js';
import { rewindToCommonAncestor } from './rewindToCommonAncestor.js';
import { stampTrades } from './stampTrades.js';
import type { BlockRef, LeaderContext } from './WatcherContext.js';
import { saveCursor } from './watcherCursor.js';
import { markValidated, writeOrderUpdates } from './writeOrderUpdates.js';

/**
 * Orders behind the cursor re-read per step at most (a book upgraded from before `validated_block` is
 * all behind once); the rest wait for the next step, which follows at once.
 */
const MAX_RECHECK = 5000;

export { ChainMovedError } from './ChainMovedError.js';

/**
 * One step of the leader: applies the next range of confirmed blocks after `cursor` (at most
 * `maxBlockRange`, less while the node refuses wide `eth_getLogs`), or starts at the head on a first
 * run, or rewinds on a re-org. A range is applied only when its first block's parent is the cursor's
 * block; the order rows, the registry tokens, the cursor and the remembered block hashes then change in
 * one transaction, and book events go out after the commit.
 *
 * Acceptance reads an order's state at some block N and commits it later; if the watcher applied blocks
 * after N before that commit, it could not see the order and would miss what those blocks did to it.
 * Every row records N (`validated_block`), so each step first takes the live orders validated before
 * its last block: those validated before the cursor are re-read (they may have missed events), the rest
 * are in view of this range's logs; all of them are then marked validated through it.
 *
 * Every LogFill of a stored order (any state) becomes a trade row in the same transaction, stamped with
 * its block's timestamp; fills the watcher could not see because acceptance committed late are looked
 * up for the orders re-read (`findRacedFills`). Trade events go out after the book's.
 */
export async function advanceWatcher(
  ctx: LeaderContext,
  cursor: BlockRef | null,
  head: bigint,
): Promise<Advance> {
  const { options } = ctx;
  const target = head > BigInt(options.confirmations) ? head - BigInt(options.confirmations) : 0n;
  if (!cursor) return { cursor: await startAtHead(ctx, target), more: false };

  if (target <= cursor.number) {
    const [current] = await readBlockHeaders(ctx, [cursor.number]);
    if (current?.hash !== cursor.hash) return rewindToCommonAncestor(ctx, target);
    return { cursor, more: await recheckOrdersBehind(ctx, cursor) };
  }

  const from = cursor.number + 1n;
  const span = BigInt(Math.min(options.maxBlockRange, ctx.logRange.current()));
  const to = target < cursor.number + span ? target : cursor.number + span;
  const keepFrom = to - BigInt(options.reorgDepth) + 1n > from ? to - BigInt(options.reorgDepth) + 1n : from;
  const numbers = keepFrom > from ? [from] : [];
  for (let n = keepFrom; n <= to; n++) numbers.push(n);
  const headers = await readBlockHeaders(ctx, numbers);
  if (headers.some((h) => h === null)) throw new ChainMovedError('the node lost blocks while they were read');
  const byNumber = new Map((headers as BlockHeader[]).map((h) => [h.number, h]));
  if (byNumber.get(from)?.parentHash !== cursor.hash) return rewindToCommonAncestor(ctx, target);
  for (let n = keepFrom + 1n; n <= to; n++) {
    if (byNumber.get(n)?.parentHash !== byNumber.get(n - 1n)?.hash)
      throw new ChainMovedError('re-org while reading headers');
  }

  const network = ctx.network.key;
  const { zrx, weth } = ctx.network.addresses;
  // Before the accounts and logs are read: every order listed here is in view of this range's logs.
  const pending = await loadOrdersValidatedBefore(ctx.db, network, to);
  const accounts = await loadWatchedAccounts(ctx.db, network, [zrx, weth]);
  let logs: Awaited<ReturnType<typeof fetchWatchedLogs>>;
  try {
    logs = await fetchWatchedLogs(ctx, from, to, accounts.makers, accounts.tokens);
  } catch (error) {
    if (!(error instanceof LogRangeRefusedError) || !ctx.logRange.refused(error.span, error.suggestedSpan))
      throw error;
    ctx.log.warn(
      { network, from: Number(from), to: Number(to), nextSpan: ctx.logRange.current() },
      'the node refused eth_getLogs over this range; retrying shorter ranges',
    );
    return { cursor, more: true };
  }
  ctx.logRange.succeeded();
  for (const [block, hash] of logs.logBlockHashes) {
    const header = byNumber.get(block);
    if (header && header.hash !== hash) throw new ChainMovedError('re-org while reading logs');
  }
  const affected = await findAffectedOrders(ctx.db, network, zrx, logs);
  const allBehind = pending.filter((o) => o.validatedBlock < cursor.number).map((o) => o.hash);
  const behind = allBehind.slice(0, MAX_RECHECK);
  const rechecked = new Set(behind);
  const waiting = new Set(allBehind.slice(MAX_RECHECK));
  const reverification = await reverifyOrders(ctx, ctx.db, [...new Set([...affected.keys(), ...behind])], to);
  // Every order a fill or cancel names is in `affected` exactly when the relayer stores it.
  const fills = [
    ...logs.fills.filter((fill) => affected.has(fill.orderHash)),
    ...(await findRacedFills(
      ctx,
      pending.filter((o) => rechecked.has(o.hash)),
      cursor.number,
    )),
  ];
  const trades = await stampTrades(ctx, fills, byNumber);

  const toHeader = byNumber.get(to) as BlockHeader;
  const nowMs = ctx.now();
  let events: BookEvent[] = [];
  await ctx.db.transaction(async (tx) => {
    const symbols = await applyRegistryChanges(tx, network, logs.registry, ctx.log);
    ({ events } = await writeOrderUpdates(tx, network, reverification, { updatedAt: nowMs }));
    events = [
      ...(logs.registry.length > 0 ? registryEvents(network, symbols) : []),
      ...events,
      ...tradeEvents(network, await recordTrades(tx, network, trades)),
    ];
    await ctx.webhooks?.enqueue(tx, network, events, nowMs);
    await markValidated(
      tx,
      network,
      pending.filter((o) => !waiting.has(o.hash)).map((o) => o.hash),
      to,
    );
    await saveCursor(tx, {
      network,
      leaderId: ctx.leaderId,
      cursor: toHeader,
      blocks: [...byNumber.values()],
      touched: affected,
      reorgDepth: options.reorgDepth,
      processedAt: nowMs,
    });
  });
  if (logs.registry.length > 0) ctx.onTokensChanged?.();
  await publishAll(ctx, events);
  if (reverification.updates.length > 0 || logs.registry.length > 0) {
    ctx.log.debug(
      { network, from: Number(from), to: Number(to), updated: reverification.updates.length },
      'watcher applied blocks',
    );
  }
  return { cursor: toHeader, more: to < target || waiting.size > 0 };
}

/**
 * With no new block to apply, re-reads (at the cursor) the live orders validated before it: orders
 * whose acceptance committed after the watcher had applied the blocks that followed their validation.
 * Finding none costs one indexed query; this is what takes such an order out of the book within a tick.
 * True when more are waiting.
 */
async function recheckOrdersBehind(ctx: LeaderContext, cursor: BlockRef): Promise<boolean> {
  const network = ctx.network.key;
  const behind = await loadOrdersValidatedBefore(ctx.db, network, cursor.number);
  if (behind.length === 0) return false;
  const batch = behind.slice(0, MAX_RECHECK);
  const hashes = batch.map((o) => o.hash);
  const reverification = await reverifyOrders(ctx, ctx.db, hashes, cursor.number);
  const trades = await stampTrades(ctx, await findRacedFills(ctx, batch, cursor.number), new Map());
  const nowMs = ctx.now();
  let events: BookEvent[] = [];
  await ctx.db.transaction(async (tx) => {
    ({ events } = await writeOrderUpdates(tx, network, reverification, { updatedAt: nowMs }));
    events = [...events, ...tradeEvents(network, await recordTrades(tx, network, trades))];
    await ctx.webhooks?.enqueue(tx, network, events, nowMs);
    await markValidated(tx, network, hashes, cursor.number);
    // The unchanged cursor, saved for its fencing: a leader that lost its lock writes nothing.
    await saveCursor(tx, {
      network,
      leaderId: ctx.leaderId,
      cursor,
      blocks: [],
      touched: new Map(),
      reorgDepth: ctx.options.reorgDepth,
      processedAt: nowMs,
    });
  });
  await publishAll(ctx, events);
  return behind.length > hashes.length;
}

function tradeEvents(network: string, trades: readonly TradeRecord[]): BookEvent[] {
  return trades.map((trade) => ({ type: 'tradeAdded', network, trade }));
}

/**
 * First run: starts at the head. Orders accepted before were validated at acceptance, and the registry
 * is imported whole so the tokens list starts complete (buildApp's registry sync does the same; both
 * use `upsertVerifiedToken`, so the second is a no-op).
 */
async function startAtHead(ctx: LeaderContext, target: bigint): Promise<BlockRef> {
  const [header] = await readBlockHeaders(ctx, [target]);
  if (!header) throw new ChainMovedError('the head block vanished');
  // Best effort: a registry that cannot be read (misconfigured address) must not keep the watcher from
  // following the Exchange; the registry's later additions still arrive as events.
  const tokens = await ctx.reader.getRegistryTokens().catch((error: unknown) => {
    ctx.log.warn({ err: error, network: ctx.network.key }, 'token registry import skipped');
    return [];
  });
  const network = ctx.network.key;
  const symbols: SymbolChange[] = [];
  await ctx.db.transaction(async (tx) => {
    for (const token of tokens) {
      const changed = await upsertVerifiedToken(tx, network, token, ctx.log);
      if (changed) symbols.push(changed);
    }
    await saveCursor(tx, {
      network,
      leaderId: ctx.leaderId,
      cursor: header,
      blocks: [header],
      touched: new Map(),
      reorgDepth: ctx.options.reorgDepth,
      processedAt: ctx.now(),
    });
  });
  if (tokens.length > 0) ctx.onTokensChanged?.();
  await publishAll(ctx, registryEvents(network, symbols));
  ctx.log.info(
    { network, block: Number(header.number), tokens: tokens.length },
    'chain watcher starts at the head',
  );
  return header;
}
