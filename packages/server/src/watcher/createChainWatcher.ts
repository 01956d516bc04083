import { randomUUID } from 'node:crypto';
import { codeSchemaVersion } from '../db/migrate.js';
import { advanceWatcher } from './advanceWatcher.js';
import { createLogRangeLimit } from './createLogRangeLimit.js';
import { readHead } from './readHead.js';
import { type RevalidationResult, revalidateOrders } from './revalidateOrders.js';
import { schemaLeadRefusal } from './schemaLeadRefusal.js';
import { sweepExpiredOrders } from './sweepExpiredOrders.js';
import type { BlockRef, WatcherContext } from './WatcherContext.js';
import { assertLeadership, claimLeadership, LostLeadershipError, loadCursor } from './watcherCursor.js';
import { watcherLockKey } from './watcherLockKey.js';

export type ChainWatcherOptions = WatcherContext;

export interface WatcherStatus {
  /** This instance holds the network's advisory lock and applies events. */
  isLeader: boolean;
  /** The node's latest block, as last seen. */
  headBlock: number | null;
  /** The last block applied to the book (the persisted cursor, also read by non-leaders). */
  processedBlock: number | null;
  /** The last tick succeeded (node and database answered). */
  healthy: boolean;
  /** The last tick's failure while unhealthy; null once healthy again. */
  lastError: string | null;
  /** The last completed re-validation pass of the live book (leader only), with when it ended (Unix ms). */
  lastRevalidation: (RevalidationResult & { at: number }) | null;
  /** Why this instance does not try to lead (its code is older than the schema allows), or null. */
  refusal: string | null;
}

/** What this instance does for a network's chain watcher. */
export type WatcherRole = 'starting' | 'leading' | 'following' | 'refused';

export interface ChainWatcher {
  start(): void;
  /** Stops the loop, waits for a tick in progress and gives up leadership. */
  stop(): Promise<void>;
  status(): WatcherStatus;
  /**
   * Whether this instance leads: 'starting' until its first attempt at the lock has ended; 'refused'
   * while the schema is newer than its code may lead on.
   */
  role(): WatcherRole;
  /** Settles once the first attempt at the lock has ended (failed, or the watcher stopped first). */
  attempted(): Promise<void>;
}

/** Longest wait between retries while the node or the database fails. */
const MAX_BACKOFF_MS = 30_000;
/** Longest wait between a follower's attempts to take the lead. */
const FOLLOWER_POLL_MS = 5_000;

/**
 * Follows one network's chain and keeps its order book true to it (PROTOCOL.md §10.2). Every instance
 * runs one; only the holder of the network's advisory lock applies anything, the others retry the lock
 * every few polls (so a leader that dies is replaced) and report the shared cursor. The leader records a
 * fencing id with the cursor and steps down if another id appears (its lock session died unnoticed).
 * A tick: the head block (which moves the chain clock), the expiry sweep by that clock, then the next
 * confirmed block range (`advanceWatcher`). So a block whose timestamp jumps ahead expires what it
 * expires within the tick that first sees it. Failures never escape the loop: the tick is retried with
 * capped exponential backoff while `status()` reports unhealthy. The leader also re-validates the whole
 * live book every `revalidateIntervalMs`, beside the ticks (`revalidateOrders`).
 */
export function createChainWatcher(ctx: ChainWatcherOptions): ChainWatcher {
  const { db, network, options, log } = ctx;
  const lockKey = watcherLockKey(network.key);
  const leader = { ...ctx, leaderId: randomUUID(), logRange: createLogRangeLimit(options.maxBlockRange) };
  const status: WatcherStatus = {
    isLeader: false,
    headBlock: null,
    processedBlock: null,
    healthy: true,
    lastError: null,
    lastRevalidation: null,
    refusal: null,
  };
  const codeSchema = codeSchemaVersion();
  let revalidation: Promise<void> | undefined;
  let lastRevalidationStart: number | undefined;
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | undefined;
  let release: (() => Promise<void>) | null = null;
  /** The held lock's session ended: not the leader any more, whatever the tick in progress does. */
  let lockLost = false;
  let cursor: BlockRef | null | undefined;
  let failures = 0;
  let following = false;
  let attemptedOnce = false;
  let markAttempted = () => {};
  const firstAttempt = new Promise<void>((resolve) => {
    markAttempted = () => {
      attemptedOnce = true;
      resolve();
    };
  });

  const schedule = (delayMs: number) => {
    if (!running) return;
    timer = setTimeout(() => {
      ticking = runTick().finally(() => {
        ticking = undefined;
        markAttempted();
      });
    }, delayMs);
  };

  const runTick = async () => {
    let more = false;
    try {
      more = await tick();
      failures = 0;
      status.healthy = true;
      status.lastError = null;
    } catch (error) {
      if (error instanceof LostLeadershipError) {
        log.warn({ network: network.key }, 'chain watcher lost its leader lock; stepping down');
        await stepDown();
        schedule(options.pollMs);
        return;
      }
      failures++;
      status.healthy = false;
      status.lastError = error instanceof Error ? error.message : String(error);
      // Re-read the cursor next time: a failed transaction may have left the in-memory one ahead.
      cursor = undefined;
      log.warn({ err: error, network: network.key, failures }, 'chain watcher tick failed');
    }
    const backoff = Math.min(
      MAX_BACKOFF_MS,
      Math.max(options.pollMs, options.pollMs * 2 ** Math.min(failures, 16)),
    );
    // Followers poll more slowly: each lock attempt costs PostgreSQL a connection, and a failover within
    // a few seconds is plenty.
    const idle = release
      ? options.pollMs
      : Math.max(options.pollMs, Math.min(FOLLOWER_POLL_MS, options.pollMs * 5));
    schedule(failures > 0 ? backoff : more ? 0 : idle);
  };

  const onLockLost = () => {
    lockLost = true;
    status.isLeader = false;
    log.warn({ network: network.key }, 'chain watcher lost its lock session; stepping down');
  };

  const tick = async (): Promise<boolean> => {
    if (release && lockLost) await stepDown();
    const refusal = await schemaLeadRefusal(db, codeSchema);
    if (refusal !== status.refusal) {
      if (refusal) log.warn({ network: network.key, reason: refusal }, 'chain watcher will not lead');
      else log.info({ network: network.key }, 'chain watcher may lead again');
      status.refusal = refusal;
    }
    if (refusal && release) await stepDown();
    if (!release && !refusal) {
      lockLost = false;
      const acquired = await db.tryAdvisoryLock(lockKey, onLockLost);
      if (acquired) {
        try {
          await claimLeadership(db, network.key, leader.leaderId);
        } catch (error) {
          await acquired().catch(() => {});
          throw error;
        }
        release = acquired;
        cursor = undefined;
        log.info({ network: network.key }, 'chain watcher is the leader');
        following = false;
      } else if (!following) {
        // Said once per change, as leading is: an operator reads from the log which instance leads.
        log.info({ network: network.key }, 'chain watcher is following');
        following = true;
      }
      status.isLeader = release !== null;
    }
    markAttempted();
    if (!release) {
      // A follower only reports: the shared cursor and the node's head (which its chain clock follows).
      const stored = await loadCursor(db, network.key);
      status.processedBlock = stored ? Number(stored.number) : null;
      const head = await readHead(ctx);
      ctx.clock.observeHead(head);
      status.headBlock = Number(head.number);
      return false;
    }
    // A lock session that died unnoticed: another instance has claimed the lead since.
    await assertLeadership(db, network.key, leader.leaderId);
    // The sweep needs only the database: it runs by the last clock even when the node does not answer.
    const head = await readHead(ctx).catch((error: unknown) => error as Error);
    if (!(head instanceof Error)) {
      ctx.clock.observeHead(head);
      status.headBlock = Number(head.number);
    }
    await sweepExpiredOrders(ctx);
    if (head instanceof Error) throw head;
    maybeRevalidate();
    if (cursor === undefined) cursor = await loadCursor(db, network.key);
    const advance = await advanceWatcher(leader, cursor, head.number);
    cursor = advance.cursor;
    status.processedBlock = Number(cursor.number);
    return advance.more;
  };

  /** Starts a re-validation pass beside the ticks when one is due (the first one interval after leading). */
  const maybeRevalidate = () => {
    const interval = options.revalidateIntervalMs;
    if (interval <= 0 || revalidation) return;
    const now = ctx.now();
    lastRevalidationStart ??= now;
    if (now - lastRevalidationStart < interval) return;
    lastRevalidationStart = now;
    revalidation = revalidateOrders(ctx, options.revalidateBatchSize, () => running && release !== null)
      .then((result) => {
        status.lastRevalidation = { ...result, at: ctx.now() };
        if (result.corrected > 0) {
          log.info({ network: network.key, ...result }, 're-validation corrected orders events had missed');
        }
      })
      .catch((error: unknown) => log.warn({ err: error, network: network.key }, 're-validation pass failed'))
      .finally(() => {
        revalidation = undefined;
      });
  };

  /** Gives the lock back (ending its session also frees it when the unlock itself fails). */
  const stepDown = async () => {
    const giveUp = release;
    release = null;
    status.isLeader = false;
    lastRevalidationStart = undefined;
    await revalidation;
    if (giveUp) {
      await giveUp().catch((error: unknown) =>
        log.warn({ err: error, network: network.key }, 'releasing the watcher lock failed'),
      );
    }
  };

  return {
    start() {
      if (running) return;
      running = true;
      schedule(0);
    },
    async stop() {
      running = false;
      markAttempted();
      clearTimeout(timer);
      await ticking;
      await revalidation;
      if (release) {
        const giveUp = release;
        release = null;
        status.isLeader = false;
        await giveUp().catch((error: unknown) =>
          log.warn({ err: error, network: network.key }, 'releasing the watcher lock failed'),
        );
      }
    },
    status: () => ({ ...status }),
    role: () =>
      status.isLeader ? 'leading' : status.refusal ? 'refused' : attemptedOnce ? 'following' : 'starting',
    attempted: () => firstAttempt,
  };
}
