/**
 * The relayer under measurement, in its own process so the load generator and the ws clients never
 * share its event loop (as in production). Driven over IPC by `startBenchServer`: start, seed, count,
 * stop. With `trackPublish` it reports, for every order added to the book, the monotonic times at which
 * the bus delivered it (before the WebSocket fan-out) and at which the fan-out had handed the frame to
 * every socket, so delivery latency is measured from the former and the server's share is the difference.
 */

import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { getHeapSpaceStatistics } from 'node:v8';
import type { Config } from '../src/config.js';
import { BookEvents } from '../src/events/BookEvents.js';
import { type RunningRelayer, startRelayer } from '../src/startRelayer.js';
import { seedOrders } from './seedOrders.js';

export type BenchCommand =
  | { type: 'start'; config: Config; trackPublish?: boolean; readModel?: boolean }
  | { type: 'seed'; count: number; tokens: { address: string; symbol: string }[] }
  | { type: 'count' }
  | { type: 'analyze' }
  /** This process's CPU time so far (user + system, microseconds). */
  | { type: 'cpu' }
  /** The embedded engine's CPU so far and its writer batches (PGlite; null on PostgreSQL). */
  | { type: 'engine' }
  /**
   * Rebuilds the read model from the database (what start-up does), timed: after a seed behind its back.
   * `ms` until it serves; `indexedMs` until the background has built every index.
   */
  | { type: 'rebuild' }
  /** The open-book indexes migration 007 dropped: the database path as it ran before the read model. */
  | { type: 'legacyIndexes' }
  /** Waits until the read model has built every index; answers when, ms since this process started. */
  | { type: 'indexed' }
  /** Resident set and V8 heap after a full garbage collection, bytes. */
  | { type: 'memory' }
  /** Starts a V8 CPU profile of this process (node:inspector), for a measured window only. */
  | { type: 'profileStart' }
  /** Stops the profile started by profileStart and writes it to `path` (.cpuprofile). */
  | { type: 'profileStop'; path: string }
  | { type: 'stop' };

let relayer: RunningRelayer | undefined;
let loopDelay: IntervalHistogram | undefined;
let profiler: Session | undefined;

/** Migration 001's open-book indexes that 007 dropped (the read model serves those pages now). */
const LEGACY_INDEXES = [
  ['bench_open_maker_fee', 'network, maker_fee, hash'],
  ['bench_open_taker_fee', 'network, taker_fee, hash'],
  ['bench_open_maker_amount', 'network, maker_token_amount, hash'],
  ['bench_open_taker_amount', 'network, taker_token_amount, hash'],
  ['bench_open_maker_symbol', 'network, maker_token_symbol, hash'],
  ['bench_open_taker_symbol', 'network, taker_token_symbol, hash'],
  ['bench_open_expiration', 'network, expiration, hash'],
  ['bench_open_created', 'network, created_at, hash'],
  ['bench_open_pair', 'network, maker_token, taker_token, maker_fee, hash'],
  ['bench_open_taker_token', 'network, taker_token, maker_fee, hash'],
] as const;
let network = 'main';
let rpcUrl = '';

/** The chain's head block number (eth_blockNumber on the relayer's node). */
async function headBlock(): Promise<bigint> {
  const answer = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
  });
  const { result } = (await answer.json()) as { result: string };
  return BigInt(result);
}

async function handle(command: BenchCommand): Promise<unknown> {
  switch (command.type) {
    case 'start': {
      network = command.config.networks[0]?.key ?? 'main';
      rpcUrl = command.config.networks[0]?.rpcUrl ?? '';
      const events = new BookEvents();
      // Subscribed before the app's listeners, the time is taken before the WebSocket fan-out; after
      // them, once the fan-out has handed every frame to the sockets.
      if (command.trackPublish) reportAddedAt(events, 'published');
      const began = performance.now();
      relayer = await startRelayer(
        { ...command.config, host: '127.0.0.1', port: 0 },
        { deps: { events, readModel: command.readModel ?? true } },
      );
      if (command.trackPublish) reportAddedAt(events, 'fannedOut');
      // The event loop's delay from listening on (the background index build starts there), printed
      // once every index is built (`indexed`).
      loopDelay = monitorEventLoopDelay({ resolution: 1 });
      loopDelay.enable();
      // performance.now() counts from this process's start: module loading included.
      return {
        port: (relayer.app.server.address() as { port: number }).port,
        startRelayerMs: performance.now() - began,
        startup: relayer.startup,
        sinceProcessStartMs: performance.now(),
      };
    }
    case 'seed':
      if (!relayer) throw new Error('start first');
      return seedOrders(relayer.db, network, command.count, command.tokens, await headBlock());
    case 'count': {
      if (!relayer) throw new Error('start first');
      const rows = await relayer.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM orders WHERE network = $1 AND state = 'open'",
        [network],
      );
      return rows[0]?.n ?? 0;
    }
    case 'analyze':
      // PGlite has no autovacuum daemon: without this nothing ever gathers planner statistics.
      if (!relayer) throw new Error('start first');
      await relayer.db.exec('ANALYZE');
      return null;
    case 'cpu': {
      const { user, system } = process.cpuUsage();
      return user + system;
    }
    case 'engine':
      return relayer?.db.engineStats?.() ?? null;
    case 'rebuild': {
      if (!relayer) throw new Error('start first');
      const model = relayer.app.readModel;
      if (!model) return { ms: 0, orders: 0 };
      const began = performance.now();
      await model.rebuild(network);
      const ms = performance.now() - began;
      // The pages measured next, and the memory, are those of a book with every index built.
      await model.indexed(network);
      const indexedMs = performance.now() - began;
      return { ms, indexedMs, orders: (await model.book(network)).size };
    }
    case 'legacyIndexes':
      if (!relayer) throw new Error('start first');
      for (const [name, columns] of LEGACY_INDEXES) {
        await relayer.db.exec(
          `CREATE INDEX IF NOT EXISTS ${name} ON orders (${columns}) WHERE state = 'open'`,
        );
      }
      return null;
    case 'indexed': {
      await relayer?.app.readModel?.indexed(network);
      const at = performance.now();
      if (loopDelay) {
        loopDelay.disable();
        console.error(
          `  [relayer] event loop delay from listening until every index was built: max ${(loopDelay.max / 1e6).toFixed(1)} ms, p99 ${(loopDelay.percentile(99) / 1e6).toFixed(1)} ms, mean ${(loopDelay.mean / 1e6).toFixed(1)} ms (monitorEventLoopDelay, 1 ms resolution)`,
        );
        loopDelay = undefined;
      }
      return at;
    }
    case 'memory': {
      // What the whole model holds: the indexes a rebuild leaves to the background built first.
      await relayer?.app.readModel?.indexed(network);
      // --expose-gc (startBenchServer): garbage is not counted as the model's memory.
      const gc = (globalThis as { gc?: () => void }).gc;
      gc?.();
      gc?.();
      const { rss, heapUsed } = process.memoryUsage();
      // V8's young generation grows to its maximum (32 MiB here) under a burst of allocation, such as a
      // rebuild, and is shrunk by its memory reducer only after a few idle seconds: an empty relayer
      // measured at once has a small one, a rebuilt one a full one, which is not the book's memory. The
      // settled figures are taken once it has shrunk (at most 20 s later).
      const newSpace = () =>
        getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;
      const waitUntil = performance.now() + 20_000;
      while (newSpace() > 4 * 2 ** 20 && performance.now() < waitUntil) {
        await sleep(500);
        gc?.();
      }
      gc?.();
      gc?.();
      const settled = process.memoryUsage();
      return {
        rss,
        heapUsed,
        settledRss: settled.rss,
        settledHeapUsed: settled.heapUsed,
        newSpace: newSpace(),
      };
    }
    case 'profileStart':
      profiler = new Session();
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
      return null;
    case 'profileStop': {
      if (!profiler) throw new Error('profileStart first');
      const { profile } = await profiler.post('Profiler.stop');
      profiler.disconnect();
      profiler = undefined;
      writeFileSync(command.path, JSON.stringify(profile));
      return null;
    }
    case 'stop':
      await relayer?.close();
      setImmediate(() => process.exit(0));
      return null;
  }
}

function reportAddedAt(events: BookEvents, name: 'published' | 'fannedOut'): void {
  events.subscribe((event) => {
    if (event.type === 'added') {
      process.send?.({ event: name, salt: event.order.salt, at: process.hrtime.bigint().toString() });
    }
  });
}

process.on('message', (message: { id: number; command: BenchCommand }) => {
  handle(message.command).then(
    (result) => process.send?.({ id: message.id, ok: true, result }),
    (error: unknown) =>
      process.send?.({
        id: message.id,
        ok: false,
        error: error instanceof Error ? error.stack : String(error),
      }),
  );
});
process.on('disconnect', () => process.exit(0));
