import { applyRegistryChanges, upsertVerifiedToken } from './applyRegistryChanges.js';
import { fetchWatchedLogs } from './fetchWatchedLogs.js';
import { findAffectedOrders, loadWatchedAccounts } from './findAffectedOrders.js';
import { publishAll } from './publishAll.js';
import { type BlockHeader, readBlockHeaders } from './readBlockHeaders.js';
import { reverifyOrders } from './reverifyOrders.js';
import { rewindToCommonAncestor } from './rewindToCommonAncestor.js';
import type { BlockRef, LeaderContext } from './WatcherContext.js';
import { saveCursor } from './watcherCursor.js';
import { writeOrderUpdates } from './writeOrderUpdates.js';

export interface Advance {
  cursor: BlockRef;
  /** More confirmed blocks are waiting (catch-up): tick again at once. */
  more: boolean;
}

/** Thrown when the chain moved under a range while it was being read; the next tick retries it. */
export class ChainMovedError extends Error {}

/**
 * One step of the leader: applies the next range of confirmed blocks after `cursor` (at most
 * `maxBlockRange`), or starts at the head on a first run, or rewinds on a re-org. A range is applied
 * only when its first block's parent is the cursor's block; the order rows, the registry tokens, the
 * cursor and the remembered block hashes then change in one transaction, and book events go out after
 * the commit.
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
    if (current?.hash === cursor.hash) return { cursor, more: false };
    return rewindToCommonAncestor(ctx, target);
  }

  const from = cursor.number + 1n;
  const to =
    target < cursor.number + BigInt(options.maxBlockRange)
      ? target
      : cursor.number + BigInt(options.maxBlockRange);
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
  const accounts = await loadWatchedAccounts(ctx.db, network, [zrx, weth]);
  const logs = await fetchWatchedLogs(ctx, from, to, accounts.makers, accounts.tokens);
  for (const [block, hash] of logs.logBlockHashes) {
    const header = byNumber.get(block);
    if (header && header.hash !== hash) throw new ChainMovedError('re-org while reading logs');
  }
  const affected = await findAffectedOrders(ctx.db, network, zrx, logs);
  const { updates, events } = await reverifyOrders(ctx, ctx.db, [...affected.keys()], to);

  const toHeader = byNumber.get(to) as BlockHeader;
  const nowMs = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await applyRegistryChanges(tx, network, logs.registry, ctx.log);
    await writeOrderUpdates(tx, network, updates, nowMs);
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
  await publishAll(ctx, events);
  if (updates.length > 0 || logs.registry.length > 0) {
    ctx.log.debug(
      { network, from: Number(from), to: Number(to), updated: updates.length },
      'watcher applied blocks',
    );
  }
  return { cursor: toHeader, more: to < target };
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
  await ctx.db.transaction(async (tx) => {
    for (const token of tokens) await upsertVerifiedToken(tx, network, token, ctx.log);
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
  ctx.log.info(
    { network, block: Number(header.number), tokens: tokens.length },
    'chain watcher starts at the head',
  );
  return header;
}
